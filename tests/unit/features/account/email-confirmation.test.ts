import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { accountQueryOptions, type Account } from '@/features/account/account-queries';
import { confirmedEmail, confirmEmailChange } from '@/features/account/email-confirmation';
import {
  EMAIL_CONFIRMATION_OUTCOMES,
  isEmailConfirmationOutcome,
} from '@/features/account/email-confirmation-outcome';
import { createSessionStore, type AuthCheckReply } from '@/session/session-store';
import { jsonReply } from '../../support/api-client';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const NEW_EMAIL = 'ada@lovelace.example';

const confirmedAccount: Account = {
  userId: '42',
  email: NEW_EMAIL,
  name: 'Ada',
  plan: 'standard',
  canUpgrade: false,
  subscribed: false,
  preferences: { weeklyReport: false, productNews: false, defaultStorefront: 'GB' },
  createdAt: '2024-02-19T08:30:00Z',
};

function sessionReply(userId: string): AuthCheckReply {
  return { sessionId: 'session', userName: 'ada@example.com', userId, roles: [] };
}

/** Answers each path with its reply, and records what was asked. */
function answer(replies: Record<string, Response>): void {
  fetchMock.mockImplementation((input) => {
    const request = input as Request;
    const reply = replies[new URL(request.url).pathname];
    return Promise.resolve(reply?.clone() ?? jsonReply(500, {}));
  });
}

function routerContext(signedInAs?: string) {
  const sessionStore = createSessionStore();
  if (signedInAs) sessionStore.applyReply(sessionReply(signedInAs));
  return {
    queryClient: new QueryClient(),
    sessionStore,
    revalidateRoutes: () => {},
    afterFirstPaint: () => Promise.resolve(),
  };
}

async function outcomeOf(call: Promise<never>) {
  try {
    await call;
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options;
    throw thrown;
  }
  throw new Error('Expected a redirect');
}

beforeEach(() => {
  fetchMock.mockReset();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('confirmEmailChange', () => {
  test('posts the token and shows the new address in the signed-in session', async () => {
    answer({
      '/v2/account/email-confirmation': jsonReply(200, confirmedAccount),
      '/auth/session': jsonReply(200, sessionReply('42')),
    });
    const context = routerContext('42');

    const target = await outcomeOf(confirmEmailChange('one-time-token', context));

    const sent = fetchMock.mock.calls[0]?.[0] as Request;
    expect(sent.method).toBe('POST');
    expect(await sent.json()).toEqual({ token: 'one-time-token' });
    expect(target).toMatchObject({
      to: '/confirm-email/$token',
      params: { token: 'confirmed' },
      replace: true,
    });
    expect(confirmedEmail()).toBe(NEW_EMAIL);
    expect(context.sessionStore.get().email).toBe(NEW_EMAIL);
    expect(context.queryClient.getQueryData(accountQueryOptions().queryKey)).toEqual(
      confirmedAccount,
    );
  });

  test('leaves another signed-in account as it is', async () => {
    answer({ '/v2/account/email-confirmation': jsonReply(200, confirmedAccount) });
    const context = routerContext('7');

    const target = await outcomeOf(confirmEmailChange('one-time-token', context));

    expect(target).toMatchObject({ params: { token: 'confirmed' } });
    expect(context.sessionStore.get().email).not.toBe(NEW_EMAIL);
    expect(window.localStorage.getItem('shelflink.email')).toBeNull();
    expect(context.queryClient.getQueryData(accountQueryOptions().queryKey)).toBeUndefined();
  });

  test.each([
    [410, 'TokenExpired', 'expired'],
    [410, 'TokenUsed', 'used'],
    [404, 'TokenNotFound', 'invalid'],
    [409, 'EmailTaken', 'taken'],
    [500, 'InternalServerError', 'failed'],
  ])('answers %i %s with the %s outcome', async (status, errorCode, outcome) => {
    answer({
      '/v2/account/email-confirmation': jsonReply(status, {
        responseStatus: { errorCode, message: 'No.', errors: [] },
      }),
    });

    const target = await outcomeOf(confirmEmailChange('one-time-token', routerContext()));

    expect(target).toMatchObject({ params: { token: outcome }, replace: true });
  });

  test('no outcome looks like a token', () => {
    expect(EMAIL_CONFIRMATION_OUTCOMES.every(isEmailConfirmationOutcome)).toBe(true);
    expect(isEmailConfirmationOutcome('Qm9vay1saW5rLXRva2VuLTQzLWNoYXJhY3RlcnMtbG9uZw')).toBe(
      false,
    );
  });
});
