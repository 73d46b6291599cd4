import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { runtimeConfig } from '@/config/runtime-config';

export const Route = createFileRoute('/blog')({
  // The browser leaves for the blog; the navigation stays pending until it does.
  beforeLoad: () => {
    window.location.assign(runtimeConfig.blogUrl);
    return new Promise<never>(() => undefined);
  },
  pendingComponent: PageLoader,
});
