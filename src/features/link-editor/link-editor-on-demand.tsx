import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { PageLoader } from '@/components/page-loader';
import { afterFirstPaint } from '@/shell/after-first-paint';
import type { LinkEditorProps } from './link-editor';

const loadLinkEditor = () => import('./link-editor');

const LazyLinkEditor = lazy(() =>
  loadLinkEditor().then(({ LinkEditor }) => ({ default: LinkEditor })),
);

/**
 * The link editor where it opens on request ("New link"): its code is not part of the page's
 * first screen. It loads once that screen has been painted (see `usePreloadedLinkEditor`), and a
 * request made before then shows a loader until it has.
 */
export function LinkEditorOnDemand(props: LinkEditorProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyLinkEditor {...props} />
    </Suspense>
  );
}

/** Loads the editor's code after the first paint, so that opening it later is immediate. */
export function usePreloadedLinkEditor(): void {
  const router = useRouter();
  useEffect(() => {
    void afterFirstPaint(router)
      .then(loadLinkEditor)
      .catch(() => undefined);
  }, [router]);
}
