import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { runtimeConfig } from '@/config/runtime-config';

export const Route = createFileRoute('/blog')({
  // The browser leaves for the blog; the navigation stays pending until it does. A preload (the
  // pointer over the link, or keyboard focus on it) must not leave.
  beforeLoad: ({ preload }) => {
    if (preload) return;
    window.location.assign(runtimeConfig.blogUrl);
    return new Promise<never>(() => undefined);
  },
  pendingComponent: PageLoader,
});
