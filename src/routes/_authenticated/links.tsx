import { createFileRoute } from '@tanstack/react-router';
import { LinkEditor } from '@/features/link-editor/link-editor';
import { LinksLayout } from '@/features/links/links-layout';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links')({
  head: () => titleMeta('Your links'),
  component: Links,
});

function Links() {
  return (
    <LinksLayout
      renderLinkEditor={(close) => <LinkEditor initialStep="editing" onClose={close} />}
    />
  );
}
