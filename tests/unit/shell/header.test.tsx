import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { describe, expect, test, vi } from 'vitest';
import { jsonReply } from '../support/api-client';
import { createTestRootRoute, createTestRouter } from '../support/router';
import { colorSchemeManager } from '@/app/color-scheme';
import { theme } from '@/app/theme';
import { signedOutSession, type AuthSession } from '@/session/session-store';
import { afterFirstPaint } from '@/lib/later/after-first-paint';
import { Header } from '@/shell/header';
import { useSession } from '@/session/use-session';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

/** The account endpoint's answer: an account, or a failure. */
function answerAccount(account: { userId: string; email: string } | 'failure') {
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      account === 'failure'
        ? jsonReply(500, { responseStatus: { errorCode: 'ServerError', message: 'Boom' } })
        : jsonReply(200, { ...account, name: '', plan: 'standard' }),
    ),
  );
}

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
  const { router, queryClient } = createTestRouter(
    createTestRootRoute({ component: SessionHeader }),
  );
  // The app's provider: the scheme follows the system until chosen, and the choice is stored.
  render(
    <MantineProvider
      env="test"
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
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
    answerAccount({ userId: '10482', email: 'jonah.reyes@example.com' });
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
    await waitFor(() => {
      expect(screen.getByTestId('impersonating-as')).toHaveTextContent('jonah.reyes@example.com');
    });
    expect(menu).not.toHaveTextContent('10482');
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

/** Opens the account menu with a click and answers its items' names. */
async function openAccountMenu(): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  await screen.findByRole('menu', {}, { timeout: 5000 });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('the account menu', () => {
  test('offers administrators their dashboard, and nobody else', async () => {
    await renderHeader({ ...author, roles: ['Administrator'] });
    expect(await openAccountMenu()).toEqual([
      'Your links',
      'Account',
      'Affiliate settings',
      'Admin',
      'Sign out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('says it is loading the impersonated e-mail, and never shows the id', async () => {
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    await renderHeader({ ...author, roles: ['Administrator'], impersonateAs: '10482' });
    await openAccountMenu();
    expect(screen.getByTestId('impersonating-as')).toHaveTextContent('Loading…');
    expect(screen.getByRole('menu')).not.toHaveTextContent('10482');
  });

  test('says so when the impersonated e-mail cannot be read', async () => {
    answerAccount('failure');
    await renderHeader({ ...author, roles: ['Administrator'], impersonateAs: '10482' });
    await openAccountMenu();
    await waitFor(() => {
      expect(screen.getByTestId('impersonating-as')).toHaveTextContent(
        'E-mail could not be loaded',
      );
    });
  });
});

describe('the colour scheme switch', () => {
  test('offers the other scheme and remembers the choice in this browser', async () => {
    await renderHeader();
    // The test's operating system prefers light.
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem('shelflink.colorScheme')).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(window.localStorage.getItem('shelflink.colorScheme')).toBe('light');
  });
});
