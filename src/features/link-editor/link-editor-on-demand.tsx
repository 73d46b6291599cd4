import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/page-loader';
import type { LinkEditorProps } from './link-editor';
import { loadLinkEditor } from './link-editor-loader';

/** Starts loading the editor's code, for when the author is about to open it. */
export function preloadLinkEditor(): void {
  loadLinkEditor().catch(() => undefined);
}

const LazyLinkEditor = lazy(() =>
  loadLinkEditor().then(({ LinkEditor }) => ({ default: LinkEditor })),
);

/**
 * The link editor where it opens on request ("New link"): its code is not part of the page. It
 * loads when the author heads for the button (`preloadLinkEditor`), and an editor opened before it
 * has arrived shows a loader until then.
 */
export function LinkEditorOnDemand(props: LinkEditorProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyLinkEditor {...props} />
    </Suspense>
  );
}
