import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { render } from '../support/render';
import type { RouterContext } from '@/lib/router-context';
import { createSessionStore, signedOutSession, type AuthSession } from '@/session/session-store';
import { afterFirstPaint } from '@/lib/later/after-first-paint';
import { Header } from '@/shell/header';
import { useSession } from '@/session/use-session';

const author: AuthSession = {
  isAuthenticated: true,
  userName: 'maya.okafor@example.com',
  userId: '10517',
  email: 'Maya.Okafor@example.com',
  impersonateAs: '',
  roles: [],
};

async function renderHeader(
  session: AuthSession = signedOutSession,
  { sessionChecked = true } = {},
) {
  function SessionHeader() {
    return <Header session={useSession()} sessionChecked={sessionChecked} />;
  }
  if (session.isAuthenticated) {
    window.sessionStorage.setItem('shelflink.session', JSON.stringify(session));
  }
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: SessionHeader });
  const router = createRouter({
    routeTree: rootRoute,
    context: {
      queryClient: new QueryClient(),
      sessionStore: createSessionStore(),
      revalidateRoutes: () => undefined,
      afterFirstPaint: () => Promise.resolve(),
    },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('banner');
  return router;
}

describe('the main menu on a phone', () => {
  test('is a plain menu button until it is used: no menu is rendered yet', async () => {
    await renderHeader();
    const trigger = screen.getByRole('button', { name: 'Open the main menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  test('a click loads the menu and opens it on its first item', async () => {
    await renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open the main menu' }));

    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    expect(menu).toHaveAttribute('aria-label', 'Main menu');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'FAQ', 'About', 'Blog']);
    expect(menu).toBeVisible();
    await waitFor(() => {
      expect(screen.getByRole('menuitem', { name: 'Home' })).toHaveFocus();
    });
    expect(screen.getByRole('button', { name: 'Open the main menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('opens from the keyboard on first use, and Escape closes it and returns the focus', async () => {
    await renderHeader();
    const plainTrigger = screen.getByRole('button', { name: 'Open the main menu' });
    act(() => {
      plainTrigger.focus();
    });
    await userEvent.keyboard('{Enter}');

    await screen.findByRole('menu', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(screen.getByRole('menuitem', { name: 'Home' })).toHaveFocus();
    });
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'FAQ' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    });
    const trigger = screen.getByRole('button', { name: 'Open the main menu' });
    await waitFor(() => {
      expect(trigger).toHaveFocus();
    });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // From then on it is Mantine's own menu button.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('menuitem', { name: 'Home' })).toHaveFocus();
    });
  });
});

describe('the avatar area', () => {
  test('before the server answers, a placeholder offers neither sign-in nor an account', async () => {
    await renderHeader(author, { sessionChecked: false });
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help' })).toBeVisible();
  });

  test('signed out, a placeholder links to the sign-in page', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  test('signed in, the avatar picture follows the first paint: the MD5 of the lower-cased e-mail', async () => {
    const router = await renderHeader(author);
    await act(() => afterFirstPaint(router));
    const hash = createHash('md5').update('maya.okafor@example.com').digest('hex');
    await waitFor(() => {
      expect(
        screen.getByRole('button', { name: 'Account menu' }).querySelector('img'),
      ).toHaveAttribute('src', `https://www.gravatar.com/avatar/${hash}?d=retro&s=80`);
    });
  });

  test('signed in, the account menu opens on its first item from the keyboard', async () => {
    await renderHeader({ ...author, impersonateAs: '10482' });
    const plainTrigger = screen.getByRole('button', { name: 'Account menu' });
    expect(plainTrigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(plainTrigger).toHaveAttribute('aria-expanded', 'false');
    act(() => {
      plainTrigger.focus();
    });
    await userEvent.keyboard('{Enter}');

    const menu = await screen.findByRole('menu', {}, { timeout: 5000 });
    await waitFor(() => {
      expect(screen.getByRole('menuitem', { name: 'Your links' })).toHaveFocus();
    });
    expect(menu).toHaveTextContent('Logged in as:');
    expect(screen.getByTestId('signed-in-email')).toHaveTextContent('Maya.Okafor@example.com');
    expect(screen.getByTestId('impersonating-as')).toHaveTextContent('10482');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Your links',
      'Account',
      'Affiliate settings',
      'Sign out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/logout');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    });
  });
});
