import { createFileRoute } from '@tanstack/react-router';
import {
  LinkEditorOnDemand,
  usePreloadedLinkEditor,
} from '@/features/link-editor/link-editor-on-demand';
import { LinksLayout } from '@/features/links/links-layout';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links')({
  head: () => titleMeta('Your links'),
  component: Links,
});

function Links() {
  usePreloadedLinkEditor();
  return (
    <LinksLayout
      renderLinkEditor={(close) => <LinkEditorOnDemand initialStep="editing" onClose={close} />}
    />
  );
}
