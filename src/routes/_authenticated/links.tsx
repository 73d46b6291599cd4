import { createFileRoute } from '@tanstack/react-router';
import {
  LinkEditorOnDemand,
  preloadLinkEditor,
} from '@/features/link-editor/link-editor-on-demand';
import { LinksLayout } from '@/features/links/links-layout';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links')({
  head: () => titleMeta('Your links'),
  component: Links,
});

function Links() {
  return (
    <LinksLayout
      onNewLinkIntent={preloadLinkEditor}
      renderLinkEditor={(close) => <LinkEditorOnDemand initialStep="editing" onClose={close} />}
    />
  );
}
