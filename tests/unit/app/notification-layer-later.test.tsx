import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { render } from '../support/render';
import { NotificationsAfterFirstPaint } from '@/app/notification-layer-later';
import type { AppRouter } from '@/app/router';
import { afterFirstPaint } from '@/lib/later/after-first-paint';

afterEach(() => {
  notifications.clean();
});

/** A home screen with the notification layer beside it, rendered; resolves once it shows. */
async function renderHomeScreen() {
  const rootRoute = createRootRoute({ component: () => <h1>Home</h1> });
  const router = createRouter({
    routeTree: rootRoute,
    context: { queryClient: new QueryClient() },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <>
      <NotificationsAfterFirstPaint router={router as unknown as AppRouter} />
      <RouterProvider router={router} />
    </>,
  );
  await screen.findByRole('heading', { name: 'Home' });
  return router;
}

function notificationContainer() {
  return document.querySelector('.mantine-Notifications-root');
}

describe('the notification layer', () => {
  test('mounts after the first paint and shows what was announced before it', async () => {
    // As a sign-in route does while it redirects, before the first screen exists.
    notifications.show({ title: 'Your link is yours', message: 'shelf.to/salt-orchard is yours.' });

    const router = await renderHomeScreen();
    expect(screen.queryByText('shelf.to/salt-orchard is yours.')).not.toBeInTheDocument();

    await act(() => afterFirstPaint(router));
    expect(
      await screen.findByText('shelf.to/salt-orchard is yours.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    // Later announcements show too.
    act(() => {
      notifications.show({ message: 'Saved.' });
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  test('is not mounted until there is something to show', async () => {
    const router = await renderHomeScreen();
    await act(() => afterFirstPaint(router));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(notificationContainer()).toBeNull();

    act(() => {
      notifications.show({ message: 'Link copied.' });
    });
    expect(await screen.findByText('Link copied.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(notificationContainer()).not.toBeNull();
  });
});

describe('the notification container', () => {
  test('sits above modals and their overlays, and above the menus opened in them', async () => {
    const { default: NotificationLayer } = await import('@/app/notification-layer');
    const { MODAL_BASE_Z_INDEX, MODAL_Z_INDEX_STEP } = await import('@/components/stacked-modal');
    render(<NotificationLayer />);
    const zIndex = Number(
      notificationContainer()
        ?.getAttribute('style')
        ?.match(/--notifications-z-index:\s*(\d+)/)?.[1],
    );
    // Above a stack of a hundred modals, each with a menu open.
    expect(zIndex).toBeGreaterThan(MODAL_BASE_Z_INDEX + 100 * MODAL_Z_INDEX_STEP);
  });
});
