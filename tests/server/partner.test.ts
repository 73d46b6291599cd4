import type { InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { partnerTerms } from '../../src/server/partner/terms';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const acceptance = { termsVersion: partnerTerms.version, acceptTerms: true };

async function cookieFor(email: string) {
  return sessionCookieOf(await signIn(testApp(), email));
}

function request(cookie: string, options: InjectOptions) {
  return testApp().app.inject({ ...options, headers: { cookie } });
}

describe('partner terms', () => {
  test('are the same, versioned document in both versions of the API', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const current = await request(cookie, { url: '/v2/pz-terms' });
    const legacy = await request(cookie, { url: '/v1/pz-terms?format=json' });

    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(partnerTerms);
    expect(legacy.json()).toEqual(partnerTerms);
    expect(partnerTerms.sections.map(({ heading }) => heading)).toEqual([
      'Who may join',
      'How your affiliate tags are applied',
      'Payouts',
      'What you agree to',
      'Leaving the program',
      'Changes to these terms',
    ]);
  });

  test('need `format=json` in the first version of the API', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const reply = await request(cookie, { url: '/v1/pz-terms' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Format', errorCode: 'Required' }] },
    });
  });
});

describe('enrolling as a partner', () => {
  test('records the acceptance of the current terms', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const before = await request(cookie, { url: '/v1/pz-users?format=json' });
    const enrolled = await request(cookie, {
      method: 'POST',
      url: '/v2/pz-users',
      payload: acceptance,
    });
    const after = await request(cookie, { url: '/v1/pz-users?format=json' });

    expect(before.json()).toEqual({ enrolled: false, termsVersion: '' });
    expect(enrolled.statusCode).toBe(201);
    const enrolment = {
      enrolled: true,
      termsVersion: partnerTerms.version,
      acceptedAt: '2026-11-21T09:00:00.000Z',
    };
    expect(enrolled.json()).toEqual(enrolment);
    expect(after.json()).toEqual(enrolment);
  });

  test('through the first version of the API, accepting again, moves the acceptance', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    await request(cookie, { method: 'POST', url: '/v2/pz-users', payload: acceptance });
    testApp().clock.advance(24 * 60 * 60 * 1000);

    const reply = await request(cookie, {
      method: 'POST',
      url: '/v1/pz-users?format=json',
      payload: acceptance,
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ enrolled: true, acceptedAt: '2026-11-22T09:00:00.000Z' });
  });

  test('refuses terms other than the current ones, and an acceptance that is not one', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const outdated = await request(cookie, {
      method: 'POST',
      url: '/v2/pz-users',
      payload: { termsVersion: '2025-01', acceptTerms: true },
    });
    const declined = await request(cookie, {
      method: 'POST',
      url: '/v2/pz-users',
      payload: { ...acceptance, acceptTerms: false },
    });

    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'TermsVersion', errorCode: 'OutdatedTerms' }] },
    });
    expect(declined.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'AcceptTerms', errorCode: 'NotAllowed' }] },
    });
    const enrolment = await request(cookie, { url: '/v1/pz-users?format=json' });
    expect(enrolment.json()).toEqual({ enrolled: false, termsVersion: '' });
  });
});

test('every partner operation needs a session', async () => {
  const { app } = testApp();
  const replies = await Promise.all([
    app.inject({ url: '/v2/pz-terms' }),
    app.inject({ url: '/v1/pz-terms?format=json' }),
    app.inject({ url: '/v1/pz-users?format=json' }),
    app.inject({ method: 'POST', url: '/v2/pz-users', payload: acceptance }),
    app.inject({ method: 'POST', url: '/v1/pz-users?format=json', payload: acceptance }),
  ]);

  expect(replies.map(({ statusCode }) => statusCode)).toEqual([401, 401, 401, 401, 401]);
});
