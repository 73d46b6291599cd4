import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient } from '@/api/client';
import { createQueryClient } from '@/api/query-client';
import { connectAppServices } from '@/app/app-services';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { createSessionStore } from '@/lib/session';

if (import.meta.env.DEV) {
  const { mockScenarioMiddleware } = await import('@/dev/mock-scenarios');
  apiClient.use(mockScenarioMiddleware);
}

const queryClient = createQueryClient();
const sessionStore = createSessionStore();
const router = createAppRouter(queryClient, sessionStore);
connectAppServices(router, queryClient, sessionStore);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
