import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { vanityAvailabilityQueryOptions } from '@/features/link-editor/link-editor-queries';
import {
  emptyLinkEditorValues,
  ISBN_NOT_FOUND_MESSAGE,
  type LinkEditorValues,
} from '@/features/link-editor/link-editor-schemas';
import {
  CODE_TAKEN,
  CREATE_FAILED_FALLBACK,
  toCreateFailure,
  useCreateLink,
} from '@/features/link-editor/use-create-link';
import { DEVICE_MAKER_PROGRAM_GUID } from '@/lib/affiliate-programs';
import { VANITY_CODE_TAKEN_MESSAGE } from '@/lib/validation-rules';
import { BOOK_PAGE, createdLink, jsonReply as reply } from '../../support/api-client';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const UNKNOWN_ISBN = '9780306406157';

const created = createdLink({ isbn: null });

function refusal(status: number, message: string, errors: [string, string][] = []): ApiError {
  return new ApiError(status, {
    errorCode: 'Refused',
    message,
    errors: errors.map(([fieldName, text]) => ({ fieldName, errorCode: 'Invalid', message: text })),
  });
}

/** The create requests sent, by path, with their bodies. */
let sent: { path: string; body: Record<string, unknown> }[];
let createReply: Response;

beforeEach(() => {
  sent = [];
  createReply = reply(201, created);
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/v1/affiliate-tokens') {
      return reply(200, { results: [{ programGuid: DEVICE_MAKER_PROGRAM_GUID }] });
    }
    if (url.pathname === '/v1/product/metadata/isbn') {
      return reply(404, { responseStatus: { errorCode: 'NotFound', message: 'No such book.' } });
    }
    if (request.method === 'POST') {
      sent.push({ path: url.pathname, body: (await request.json()) as Record<string, unknown> });
      return createReply;
    }
    return reply(404, { responseStatus: { errorCode: 'NotFound', message: 'Not found' } });
  });
});

function renderCreateLink(isAuthenticated: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useCreateLink(isAuthenticated), { wrapper });
  const create = async (values: Partial<LinkEditorValues>) => {
    let outcome: Awaited<ReturnType<typeof result.current.create>> | undefined;
    await act(async () => {
      outcome = await result.current.create({ ...emptyLinkEditorValues, ...values });
    });
    return outcome;
  };
  return { queryClient, create };
}

describe('toCreateFailure', () => {
  test('a failure that is not the API’s asks the author to try again', () => {
    expect(toCreateFailure(new Error('boom'))).toEqual({
      kind: 'failed',
      message: CREATE_FAILED_FALLBACK,
    });
  });

  test('a 409 means the code is taken, shown at the code on the customize step', () => {
    expect(toCreateFailure(refusal(409, 'Conflict'))).toBe(CODE_TAKEN);
    expect(CODE_TAKEN).toMatchObject({
      step: 'customizing',
      field: 'code',
      fieldErrors: { code: VANITY_CODE_TAKEN_MESSAGE },
    });
  });

  test('a 400 goes to the step of the first field in error, with other fields in the alert', () => {
    const error = refusal(400, 'Please check the highlighted fields.', [
      ['Tag', 'Unknown tag.'],
      ['Url', 'Not a product page.'],
      ['Code', 'Too short.'],
    ]);
    expect(toCreateFailure(error)).toEqual({
      kind: 'refused',
      step: 'editing',
      field: 'url',
      fieldErrors: { tag: 'Unknown tag.', url: 'Not a product page.', code: 'Too short.' },
      message: 'Unknown tag.',
    });
  });

  test('a rejection that names no field of the editor shows the server’s message', () => {
    expect(toCreateFailure(refusal(500, 'Something went wrong on our side.'))).toEqual({
      kind: 'failed',
      message: 'Something went wrong on our side.',
    });
  });
});

describe('useCreateLink', () => {
  test('signed in, it creates the link with the saved programs and the code without spaces', async () => {
    const { create } = renderCreateLink(true);
    expect(await create({ url: BOOK_PAGE, code: 'salt orchard' })).toEqual({
      kind: 'created',
      link: created,
    });
    expect(sent).toEqual([
      {
        path: '/v1/links',
        body: expect.objectContaining({
          url: BOOK_PAGE,
          code: 'saltorchard',
          programsOff: [],
        }) as unknown,
      },
    ]);
  });

  test('signed out, it creates an unclaimed link with no program switched off', async () => {
    const { create } = renderCreateLink(false);
    expect(await create({ url: BOOK_PAGE })).toMatchObject({ kind: 'created' });
    expect(sent).toEqual([
      {
        path: '/v1/links/unclaimed',
        body: expect.objectContaining({ programsOff: [] }) as unknown,
      },
    ]);
  });

  test('a code the availability check called taken is not sent', async () => {
    const { queryClient, create } = renderCreateLink(true);
    queryClient.setQueryData(vanityAvailabilityQueryOptions('salt-orchard').queryKey, {
      isAvailable: false,
      shortUrl: 'https://shelf.to/salt-orchard',
    });
    expect(await create({ url: BOOK_PAGE, code: 'salt-orchard' })).toBe(CODE_TAKEN);
    expect(sent).toEqual([]);
  });

  test('a code the server refuses as taken is reported the same way', async () => {
    createReply = reply(409, { responseStatus: { errorCode: 'Conflict', message: 'Taken' } });
    const { create } = renderCreateLink(true);
    expect(await create({ url: BOOK_PAGE, code: 'salt-orchard' })).toBe(CODE_TAKEN);
  });

  test('signed in, a 401 means the session ended: no unclaimed link is made instead', async () => {
    createReply = reply(401, { responseStatus: { errorCode: 'Unauthorized', message: 'Expired' } });
    const { create } = renderCreateLink(true);
    expect(await create({ url: BOOK_PAGE, code: 'salt-orchard' })).toEqual({
      kind: 'sessionEnded',
    });
    expect(sent.map((request) => request.path)).toEqual(['/v1/links']);
  });

  test('signed out, a 401 is an ordinary failure', async () => {
    createReply = reply(401, { responseStatus: { errorCode: 'Unauthorized', message: 'No' } });
    const { create } = renderCreateLink(false);
    expect(await create({ url: BOOK_PAGE })).toEqual({ kind: 'failed', message: 'No' });
  });

  test('an ISBN no book has is refused at the destination', async () => {
    const { create } = renderCreateLink(false);
    expect(await create({ url: UNKNOWN_ISBN })).toEqual({
      kind: 'refused',
      step: 'editing',
      field: 'url',
      fieldErrors: { url: ISBN_NOT_FOUND_MESSAGE },
      message: undefined,
    });
    expect(sent).toEqual([]);
  });
});
