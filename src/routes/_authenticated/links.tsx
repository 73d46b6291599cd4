import { createFileRoute } from '@tanstack/react-router';
import { linkEditor, LinkEditorOnRequest } from '@/features/link-editor/link-editor-later';
import { LinksLayout } from '@/features/links/links-layout';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links')({
  head: () => titleMeta('Your links'),
  component: Links,
});

function Links() {
  return (
    <LinksLayout
      onNewLinkIntent={linkEditor.preload}
      renderLinkEditor={(close) => <LinkEditorOnRequest initialStep="editing" onClose={close} />}
    />
  );
}
