import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { BOOK_PAGE, createdLink, jsonReply as reply } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';
import type { components } from '@/api/schema';
import { LinkEditor } from '@/features/link-editor/link-editor';
import { ISBN_NEEDED_MESSAGE } from '@/features/link-editor/store-choice';

type ProductMetadata = components['schemas']['ProductMetadata'];
type Link = components['schemas']['Link'];

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const UNKNOWN_PAGE = 'https://shop.example.com/books/salt-orchard';
const ISBN_UNKNOWN_MESSAGE = 'We do not know this book by its ISBN.';

const saltOrchard: ProductMetadata = {
  url: BOOK_PAGE,
  title: 'The Salt Orchard',
  author: 'Maya Okafor',
  coverImageUrl: null,
  retailer: 'Apple Books',
  storefront: 'US',
  isbn: '9781668012345',
};

function linkFor(request: Record<string, unknown>): Link {
  return createdLink({
    localise: request.localise as boolean,
    allStores: request.allStores as boolean,
  });
}

/** The create requests the editor sent, by path, with their bodies. */
let createRequests: { path: string; body: Record<string, unknown> }[];
let refuseAllStores: boolean;

beforeEach(() => {
  createRequests = [];
  refuseAllStores = false;
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/v1/product/metadata') {
      const page = url.searchParams.get('url');
      return reply(
        200,
        page === BOOK_PAGE ? saltOrchard : { ...saltOrchard, url: page, isbn: null },
      );
    }
    if (url.pathname === '/v1/vanity-codes/availability')
      return reply(200, { isAvailable: true, shortUrl: 'https://shelf.to/' });
    if (url.pathname === '/v1/affiliate-tokens') return reply(200, { results: [] });
    if (request.method === 'POST' && url.pathname.startsWith('/v1/links')) {
      const body = (await request.json()) as Record<string, unknown>;
      createRequests.push({ path: url.pathname, body });
      if (refuseAllStores) {
        return reply(400, {
          responseStatus: {
            errorCode: 'ValidationException',
            message: 'Please check the highlighted fields.',
            errors: [
              { fieldName: 'AllStores', errorCode: 'IsbnUnknown', message: ISBN_UNKNOWN_MESSAGE },
            ],
          },
        });
      }
      return reply(201, linkFor(body));
    }
    return reply(404, { responseStatus: { errorCode: 'NotFound', message: 'Not found' } });
  });
});

function signIn() {
  window.sessionStorage.setItem(
    'shelflink.session',
    JSON.stringify({
      isAuthenticated: true,
      userName: 'maya@example.com',
      userId: '42',
      email: 'maya@example.com',
      impersonateAs: '',
      roles: [],
    }),
  );
}

function renderEditor() {
  renderInRouter(createTestRootRoute({ component: () => <LinkEditor initialStep="editing" /> }));
}

/** Opens the editor on a destination and goes on to the customize step. */
async function customize(destination: string) {
  renderEditor();
  await userEvent.click(await screen.findByRole('textbox', { name: /Book link or ISBN/ }));
  await userEvent.paste(destination);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('radiogroup', { name: 'Where readers go' });
}

const oneStore = () => screen.getByRole('radio', { name: 'One store' });
const everyStore = () => screen.getByRole('radio', { name: 'Every store' });
// Mantine's switch wraps its description in its label, so the name goes on with the description.
const localiseSwitch = () =>
  screen.getByRole('switch', { name: /^Send readers to their own country's store/ });
const createButton = () => screen.getByRole('button', { name: 'Create link' });

// Each test renders the whole editor and walks it to the customize step, which takes a few seconds.
describe('where readers go, in the link editor', { timeout: 15_000 }, () => {
  test('starts on one store, localised', async () => {
    await customize(BOOK_PAGE);
    expect(oneStore()).toBeChecked();
    expect(everyStore()).not.toBeChecked();
    expect(localiseSwitch()).toBeChecked();
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
  });

  test('offers every store once the book is known by its ISBN', async () => {
    await customize(BOOK_PAGE);
    await waitFor(() => {
      expect(everyStore()).toBeEnabled();
    });
    expect(everyStore()).not.toHaveAccessibleDescription(
      expect.stringContaining(ISBN_NEEDED_MESSAGE),
    );
  });

  test('does not offer every store without an ISBN, and says why', async () => {
    await customize(UNKNOWN_PAGE);
    await waitFor(() => {
      expect(everyStore()).toHaveAccessibleDescription(
        expect.stringContaining(ISBN_NEEDED_MESSAGE),
      );
    });
    expect(everyStore()).toBeDisabled();
  });

  test('a new destination without an ISBN goes back to one store', async () => {
    await customize(BOOK_PAGE);
    await waitFor(() => {
      expect(everyStore()).toBeEnabled();
    });
    await userEvent.click(everyStore());
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const destinationField = screen.getByRole('textbox', { name: /Book link or ISBN/ });
    await userEvent.clear(destinationField);
    await userEvent.paste(UNKNOWN_PAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => {
      expect(oneStore()).toBeChecked();
    });
    expect(everyStore()).toBeDisabled();
  });

  test('a signed-out visitor sends both choices, sees the page previewed and then mentioned', async () => {
    await customize(BOOK_PAGE);
    await waitFor(() => {
      expect(everyStore()).toBeEnabled();
    });
    await userEvent.click(everyStore());
    await userEvent.click(localiseSwitch());

    const preview = screen.getByRole('figure', { name: /Preview/ });
    expect(within(preview).getByText('The Salt Orchard')).toBeInTheDocument();
    expect(within(preview).getByText('Remember my store')).toBeInTheDocument();
    // The mock page is a picture: nothing in it is a control.
    expect(within(preview).queryAllByRole('button')).toEqual([]);
    expect(within(preview).queryAllByRole('checkbox')).toEqual([]);

    await userEvent.click(createButton());
    expect(await screen.findByText('Readers see a page with every store.')).toBeInTheDocument();
    expect(createRequests).toEqual([
      {
        path: '/v1/links/unclaimed',
        body: expect.objectContaining({
          url: BOOK_PAGE,
          localise: false,
          allStores: true,
        }) as unknown,
      },
    ]);
  });

  test('a signed-in author sends the defaults', async () => {
    signIn();
    await customize(BOOK_PAGE);
    await userEvent.click(createButton());
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(createRequests).toEqual([
      {
        path: '/v1/links',
        body: expect.objectContaining({ localise: true, allStores: false }) as unknown,
      },
    ]);
    expect(screen.queryByText('Readers see a page with every store.')).not.toBeInTheDocument();
  });

  test('a refusal at AllStores is shown at the choice, and everything typed is kept', async () => {
    refuseAllStores = true;
    await customize(BOOK_PAGE);
    const codeField = screen.getByRole('textbox', { name: /Custom ending/ });
    await userEvent.type(codeField, 'salt-orchard');
    await waitFor(() => {
      expect(everyStore()).toBeEnabled();
    });
    await userEvent.click(everyStore());
    await userEvent.click(createButton());

    const choice = screen.getByRole('radiogroup', { name: 'Where readers go' });
    await waitFor(() => {
      expect(choice).toHaveAccessibleDescription(expect.stringContaining(ISBN_UNKNOWN_MESSAGE));
    });
    await waitFor(() => {
      expect(everyStore()).toHaveFocus();
    });
    expect(everyStore()).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Custom ending/ })).toHaveValue('salt-orchard');
    expect(screen.queryByText('We could not create your link')).not.toBeInTheDocument();
  });
});
