import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const appleServices = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const unsupported = '00000000-0000-0000-0000-000000000000';

async function cookieFor(email: string) {
  return sessionCookieOf(await signIn(testApp(), email));
}

function request(cookie: string, options: InjectOptions) {
  return testApp().app.inject({ ...options, headers: { cookie } });
}

function saveToken(cookie: string, programGuid: string, parameters: object) {
  return request(cookie, {
    method: 'POST',
    url: `/v1/affiliate-tokens?programGuid=${programGuid}`,
    payload: { parameters },
  });
}

function fieldErrorsOf(reply: LightMyRequestResponse) {
  return reply.json<{ responseStatus: { errors: object[] } }>().responseStatus.errors;
}

describe('affiliate tokens', () => {
  test('are saved one per program: saving again merges into the saved parameters', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const first = await saveToken(cookie, amazonAssociates, { tag: 'mayaokafor-20' });
    testApp().clock.advance(60 * 1000);
    const second = await saveToken(cookie, amazonAssociates, { tag: 'okafor-21' });
    await saveToken(cookie, appleServices, { at: '1010lqW7', ct: 'shelflink' });

    expect(first.statusCode).toBe(201);
    const saved = first.json<{ guid: string }>();
    expect(saved).toEqual({
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      programGuid: amazonAssociates,
      parameters: { tag: 'mayaokafor-20' },
      invalidParameters: [],
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    expect(second.json()).toEqual({ ...saved, parameters: { tag: 'okafor-21' } });
    const list = await request(cookie, { url: '/v1/affiliate-tokens' });
    expect(list.json()).toMatchObject({
      results: [
        { guid: saved.guid, programGuid: amazonAssociates, parameters: { tag: 'okafor-21' } },
        { programGuid: appleServices, parameters: { at: '1010lqW7', ct: 'shelflink' } },
      ],
    });
  });

  test("are refused for the 'Unsupported' program and for unknown programs", async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const [unsupportedReply, unknownReply] = await Promise.all([
      saveToken(cookie, unsupported, { tag: 'x' }),
      saveToken(cookie, '11111111-2222-4333-8444-555555555555', { tag: 'x' }),
    ]);

    expect([unsupportedReply.statusCode, unknownReply.statusCode]).toEqual([400, 400]);
    expect(fieldErrorsOf(unsupportedReply)).toMatchObject([{ fieldName: 'ProgramGuid' }]);
    expect(fieldErrorsOf(unknownReply)).toMatchObject([
      { fieldName: 'ProgramGuid', errorCode: 'UnknownProgram' },
    ]);
  });

  test("need the program's parameter, and an `at` that starts with 1", async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const missing = await saveToken(cookie, amazonAssociates, {});
    const badAt = await saveToken(cookie, appleServices, { at: '2010lqW7' });

    expect(missing.statusCode).toBe(400);
    expect(fieldErrorsOf(missing)).toMatchObject([
      { fieldName: 'Parameters.tag', errorCode: 'Required' },
    ]);
    expect(badAt.statusCode).toBe(400);
    expect(fieldErrorsOf(badAt)).toMatchObject([
      { fieldName: 'Parameters.at', errorCode: 'Format' },
    ]);
  });

  test('are changed and removed by guid', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const saved = await saveToken(cookie, appleServices, { at: '1010lqW7' });
    const { guid } = saved.json<{ guid: string }>();

    const changed = await request(cookie, {
      method: 'PUT',
      url: `/v1/affiliate-tokens?guid=${guid}`,
      payload: { parameters: { at: '1001lR4x' } },
    });
    const badChange = await request(cookie, {
      method: 'PUT',
      url: `/v1/affiliate-tokens?guid=${guid}`,
      payload: { parameters: { at: '' } },
    });
    const removed = await request(cookie, {
      method: 'DELETE',
      url: `/v1/affiliate-tokens?guid=${guid}`,
    });

    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ guid, parameters: { at: '1001lR4x' } });
    expect(fieldErrorsOf(badChange)).toMatchObject([{ fieldName: 'Parameters.at' }]);
    expect(removed.statusCode).toBe(204);
    const list = await request(cookie, { url: '/v1/affiliate-tokens' });
    expect(list.json()).toEqual({ results: [] });
  });

  test('of someone else are not found, to change or remove', async () => {
    const saved = await saveToken(await cookieFor('maya.okafor@example.com'), amazonAssociates, {
      tag: 'mayaokafor-20',
    });
    const url = `/v1/affiliate-tokens?guid=${saved.json<{ guid: string }>().guid}`;
    const other = await cookieFor('jonah.reyes@example.com');

    const replies = await Promise.all([
      request(other, { method: 'PUT', url, payload: { parameters: { tag: 'stolen-20' } } }),
      request(other, { method: 'DELETE', url }),
    ]);

    expect(replies.map(({ statusCode }) => statusCode)).toEqual([404, 404]);
  });
});

describe("the device-maker's services program", () => {
  const settingsUrl = '/v2/settings/apple-services';

  test('starts without an enrolment, then keeps the tokens given', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const enrolment = { enrolled: true, affiliateToken: '1010lqW7', campaignToken: 'shelflink' };

    const before = await request(cookie, { url: settingsUrl });
    const saved = await request(cookie, { method: 'PUT', url: settingsUrl, payload: enrolment });
    const left = await request(cookie, {
      method: 'PUT',
      url: settingsUrl,
      payload: { ...enrolment, enrolled: false },
    });

    expect(before.json()).toEqual({ enrolled: false, affiliateToken: '', campaignToken: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(enrolment);
    expect(left.json()).toEqual({ ...enrolment, enrolled: false });
    const after = await request(cookie, { url: settingsUrl });
    expect(after.json()).toEqual({ ...enrolment, enrolled: false });
  });

  test('refuses an `at` token that does not start with 1, and enrolling without one', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');

    const badToken = await request(cookie, {
      method: 'PUT',
      url: settingsUrl,
      payload: { enrolled: true, affiliateToken: '2010lqW7', campaignToken: 'bad campaign' },
    });
    const noToken = await request(cookie, {
      method: 'PUT',
      url: settingsUrl,
      payload: { enrolled: true, affiliateToken: '', campaignToken: '' },
    });

    expect(badToken.statusCode).toBe(400);
    expect(fieldErrorsOf(badToken)).toMatchObject([
      { fieldName: 'AffiliateToken', errorCode: 'Format' },
      { fieldName: 'CampaignToken', errorCode: 'Format' },
    ]);
    expect(noToken.statusCode).toBe(400);
    expect(fieldErrorsOf(noToken)).toMatchObject([
      { fieldName: 'AffiliateToken', errorCode: 'Required' },
    ]);
  });
});

describe("the services program's settings and its affiliate token", () => {
  const settingsUrl = '/v2/settings/apple-services';
  const appleServices = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';

  async function appleTokenOf(cookie: string) {
    const list = await request(cookie, { url: '/v1/affiliate-tokens' });
    const { results } = list.json<{
      results: { guid: string; programGuid: string; parameters: object }[];
    }>();
    return results.find(({ programGuid }) => programGuid === appleServices);
  }

  test('enrolling saves the token redirects apply; leaving removes it and keeps the settings', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const enrolment = { enrolled: true, affiliateToken: '1010lqW7', campaignToken: 'spring' };

    await request(cookie, { method: 'PUT', url: settingsUrl, payload: enrolment });
    expect((await appleTokenOf(cookie))?.parameters).toEqual({ at: '1010lqW7', ct: 'spring' });

    await request(cookie, {
      method: 'PUT',
      url: settingsUrl,
      payload: { ...enrolment, campaignToken: '' },
    });
    expect((await appleTokenOf(cookie))?.parameters).toEqual({ at: '1010lqW7' });

    await request(cookie, {
      method: 'PUT',
      url: settingsUrl,
      payload: { ...enrolment, enrolled: false },
    });
    expect(await appleTokenOf(cookie)).toBeUndefined();
    expect((await request(cookie, { url: settingsUrl })).json()).toEqual({
      ...enrolment,
      enrolled: false,
    });
  });

  test('saving the token enrols, and deleting it leaves the program', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const saved = await request(cookie, {
      method: 'POST',
      url: `/v1/affiliate-tokens?programGuid=${appleServices}`,
      payload: { parameters: { at: '1001abc', ct: 'launch' } },
    });
    expect(saved.statusCode).toBe(201);
    expect((await request(cookie, { url: settingsUrl })).json()).toEqual({
      enrolled: true,
      affiliateToken: '1001abc',
      campaignToken: 'launch',
    });

    const { guid } = saved.json<{ guid: string }>();
    await request(cookie, { method: 'DELETE', url: `/v1/affiliate-tokens?guid=${guid}` });
    expect((await request(cookie, { url: settingsUrl })).json()).toEqual({
      enrolled: false,
      affiliateToken: '1001abc',
      campaignToken: 'launch',
    });
  });

  test('a campaign token the settings could not hold is refused at the token too', async () => {
    const cookie = await cookieFor('maya.okafor@example.com');
    const refused = await request(cookie, {
      method: 'POST',
      url: `/v1/affiliate-tokens?programGuid=${appleServices}`,
      payload: { parameters: { at: '1001abc', ct: 'spring launch' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrorsOf(refused)).toMatchObject([
      { fieldName: 'Parameters.ct', errorCode: 'Format' },
    ]);
  });
});

test('every affiliate operation needs a session', async () => {
  const { app } = testApp();
  const guid = '8c1e5d2a-6b3f-4a7e-9d0c-2f4b6a8e1c57';
  const replies = await Promise.all([
    app.inject({ url: '/v1/affiliate-tokens' }),
    app.inject({
      method: 'POST',
      url: `/v1/affiliate-tokens?programGuid=${amazonAssociates}`,
      payload: { parameters: { tag: 'x' } },
    }),
    app.inject({
      method: 'PUT',
      url: `/v1/affiliate-tokens?guid=${guid}`,
      payload: { parameters: { tag: 'x' } },
    }),
    app.inject({ method: 'DELETE', url: `/v1/affiliate-tokens?guid=${guid}` }),
    app.inject({ url: '/v2/settings/apple-services' }),
    app.inject({
      method: 'PUT',
      url: '/v2/settings/apple-services',
      payload: { enrolled: false, affiliateToken: '', campaignToken: '' },
    }),
  ]);

  expect(replies.map(({ statusCode }) => statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
});
