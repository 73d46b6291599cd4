// Mantine's styles per component rather than its whole stylesheet, which is 40% larger. The list
// is every component a page can draw in its first paint (and the parts they are built from), and
// the notifications, whose layer loads on every page, in the order of @mantine/core/styles.css.
// The others' styles load with the code that draws them (src/components/on-demand-mantine-
// styles.ts). A component whose styles are in neither place is unstyled: `npm run bench` names
// such components and fails until they are.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
// The headings' typeface, latin letters in bold only; text shows in a fallback until it loads.
import '@fontsource/literata/latin-700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiClient } from '@/api/client';
import { createQueryClient } from '@/api/query-client';
import { connectAppServices } from '@/app/app-services';
import { App } from '@/app/app';
import { createAppRouter, firstNavigation, preloadFirstScreen } from '@/app/router';
import { createSessionStore } from '@/session/session-store';

if (import.meta.env.DEV && import.meta.env.VITE_USES_MOCK_API === true) {
  const { mockScenarioMiddleware } = await import('@/dev/mock-scenarios');
  apiClient.use(mockScenarioMiddleware);
}

const queryClient = createQueryClient();
const sessionStore = createSessionStore();
const router = createAppRouter(queryClient, sessionStore);
connectAppServices(router, queryClient, sessionStore);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

// React's first render waits for the first navigation (within the time the router would wait
// before a pending screen anyway), so the page comes in the first render, a transition React
// splits into short tasks, rather than in an update that fills an empty shell in one long task.
// Not a top-level await: the page's chunks import this module, so they wait until it has run.
preloadFirstScreen(router);
void firstNavigation(router).then(() => {
  startTransition(() => {
    createRoot(rootElement).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
