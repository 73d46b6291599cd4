import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { affiliateTokens, users } from '../../src/server/db/schema';
import { affiliateDetailsNotSaved } from '../../src/server/links/claims';
import { buildTestShortLinkHost } from './support/short-link-host';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const appleServices = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const rakutenKobo = '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68';
const author = 'maya.okafor@example.com';
/** The Salt Orchard, in the offline catalogue, on Amazon US. */
const saltOrchardOnAmazon = 'https://www.amazon.com/dp/1668012340';
const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const testApp = setUpTestApp();
let host: FastifyInstance;
let closeHost: () => Promise<void>;
let cookie: string;

beforeEach(async () => {
  ({ host, close: closeHost } = await buildTestShortLinkHost(testApp()));
  cookie = sessionCookieOf(await signIn(testApp(), author));
});
afterEach(() => closeHost());

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return testApp().app.inject({ method, url, headers: { cookie }, payload });
}

function saveToken(programGuid: string, parameters: object) {
  return api('POST', `/v1/affiliate-tokens?programGuid=${programGuid}`, { parameters });
}

async function createLink(payload: object): Promise<{ code: string; baseCode: string }> {
  const reply = await api('POST', '/v1/links', payload);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}

async function followedTo(code: string, country = 'US'): Promise<URL> {
  const reply = await host.inject({
    url: `/${code}`,
    headers: { 'user-agent': browser, 'cf-ipcountry': country },
  });
  expect(reply.statusCode, reply.body).toBe(302);
  return new URL(String(reply.headers.location));
}

function fieldErrorsOf(reply: LightMyRequestResponse) {
  return reply.json<{ responseStatus: { errors: { fieldName: string; message: string }[] } }>()
    .responseStatus.errors;
}

describe('editing a token', () => {
  test('merges: changing the amazon.com tag keeps the UK tag, and a UK reader stays tagged', async () => {
    const saved = await saveToken(amazonAssociates, { tag: 'a-20', tag_GB: 'a-21' });
    const { guid } = saved.json<{ guid: string }>();
    const { code } = await createLink({ url: saltOrchardOnAmazon });

    const changed = await api('PUT', `/v1/affiliate-tokens?guid=${guid}`, {
      parameters: { tag: 'a-22' },
    });

    expect(changed.json()).toMatchObject({ parameters: { tag: 'a-22', tag_GB: 'a-21' } });
    expect((await followedTo(code, 'GB')).searchParams.getAll('tag')).toEqual(['a-21']);
    expect((await followedTo(code, 'US')).searchParams.getAll('tag')).toEqual(['a-22']);
  });

  test('"" removes a parameter, but never the last identifier', async () => {
    const { guid } = (await saveToken(amazonAssociates, { tag: 'a-20', tag_GB: 'a-21' })).json<{
      guid: string;
    }>();

    const withoutUs = await api('PUT', `/v1/affiliate-tokens?guid=${guid}`, {
      parameters: { tag: '' },
    });
    const withoutAny = await api('PUT', `/v1/affiliate-tokens?guid=${guid}`, {
      parameters: { tag_GB: '' },
    });

    expect(withoutUs.json()).toMatchObject({ parameters: { tag_GB: 'a-21' } });
    expect(withoutAny.statusCode).toBe(400);
    expect(fieldErrorsOf(withoutAny)).toMatchObject([
      { fieldName: 'Parameters.tag', errorCode: 'Required' },
    ]);
  });

  test('refuses an Apple token with a space and a parameter the program does not take', async () => {
    const spaced = await saveToken(appleServices, { at: '1001lGmx extra' });
    const unknown = await saveToken(amazonAssociates, { tag: 'a-20', tag_XX: 'a-21' });

    expect(spaced.statusCode).toBe(400);
    expect(fieldErrorsOf(spaced).map(({ fieldName }) => fieldName)).toEqual(['Parameters.at']);
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrorsOf(unknown)).toMatchObject([
      { fieldName: 'Parameters.tag_XX', errorCode: 'UnknownParameter' },
    ]);
  });

  test('a stored value without its format is listed as invalid and never sent to readers', async () => {
    await saveToken(amazonAssociates, { tag: 'a-20', tag_GB: 'a-21' });
    const [user] = await testApp().db.select().from(users).where(eq(users.email, author));
    await testApp()
      .db.update(affiliateTokens)
      .set({ parameters: { tag: 'old value-20', tag_GB: 'a-21' } })
      .where(eq(affiliateTokens.userId, user?.id ?? 0));
    const { code } = await createLink({ url: saltOrchardOnAmazon });

    const list = await api('GET', '/v1/affiliate-tokens');

    expect(list.json()).toMatchObject({ results: [{ invalidParameters: ['tag'] }] });
    expect((await followedTo(code, 'US')).searchParams.has('tag')).toBe(false);
    expect((await followedTo(code, 'GB')).searchParams.get('tag')).toBe('a-21');
  });
});

describe("a link's own parameters", () => {
  test.each(['tag', 'TAG', 'tag_GB', 'at', 'ct', 'siteId', 'a_aid'])(
    'may not be named `%s`, on creation or change',
    async (name) => {
      const created = await api('POST', '/v1/links', {
        url: saltOrchardOnAmazon,
        parameterKeyValues: { [name]: 'stranger-20' },
      });
      const link = await createLink({ url: saltOrchardOnAmazon });
      const changed = await api('PUT', '/v1/links', {
        domain: 'shelf.to',
        code: link.code,
        baseCode: link.baseCode,
        url: saltOrchardOnAmazon,
        parameterKeyValues: { [name]: 'stranger-20' },
      });

      for (const reply of [created, changed]) {
        expect(reply.statusCode).toBe(400);
        expect(fieldErrorsOf(reply)).toMatchObject([
          { fieldName: `ParameterKeyValues.${name}`, errorCode: 'AffiliateParameter' },
        ]);
      }
      expect(fieldErrorsOf(created)[0]?.message).toContain('Affiliate settings');
    },
  );
});

describe('programs apply at the click', () => {
  test('a Kobo token saved later tags an existing Kobo link', async () => {
    const { code } = await createLink({ url: 'https://www.kobo.com/us/en/ebook/the-salt-road' });
    expect((await followedTo(code)).searchParams.has('siteId')).toBe(false);

    await saveToken(rakutenKobo, { siteId: 'AbC1dEfGh2I' });

    expect((await followedTo(code)).searchParams.get('siteId')).toBe('AbC1dEfGh2I');
  });

  test('a program switched off for a link never tags it; the link says which tag it', async () => {
    await saveToken(amazonAssociates, { tag: 'a-20' });
    const on = await createLink({ url: saltOrchardOnAmazon });
    const off = await api('POST', '/v1/links', {
      url: saltOrchardOnAmazon,
      programsOff: [amazonAssociates],
    });
    const { code } = off.json<{ code: string }>();

    expect(on).toMatchObject({ affiliatePrograms: [amazonAssociates], programsOff: [] });
    expect(off.json()).toMatchObject({ affiliatePrograms: [], programsOff: [amazonAssociates] });
    expect((await followedTo(code)).searchParams.has('tag')).toBe(false);
    expect((await followedTo(on.code)).searchParams.get('tag')).toBe('a-20');
  });

  test('the older `affiliatePrograms` switches off every program it leaves out', async () => {
    const created = await api('POST', '/v1/links', {
      url: saltOrchardOnAmazon,
      affiliatePrograms: [appleServices],
    });

    expect(created.json<{ programsOff: string[] }>().programsOff).toContain(amazonAssociates);
    expect(created.json<{ programsOff: string[] }>().programsOff).not.toContain(appleServices);
  });
});

describe("a stranger's signup naming an author's address", () => {
  test("leaves the author's tokens alone, and the mail says so", async () => {
    await saveToken(appleServices, { at: '1010lqW7' });
    const signedUp = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup',
      payload: {
        email: author,
        url: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
        code: 'stolen-orchard',
        affiliateProgramGuid: appleServices,
        affiliateParameters: { at: '1999stranger' },
      },
    });
    expect(signedUp.statusCode).toBe(200);
    const message = testApp().mail.findLast(({ to }) => to === author);
    expect(message?.text).toContain(affiliateDetailsNotSaved);

    const token = message?.actionUrl.split('/confirm/')[1] ?? '';
    const claimed = await testApp().app.inject({
      method: 'POST',
      url: '/v1/links/pending',
      payload: { token },
    });

    expect(claimed.statusCode).toBe(200);
    const list = await api('GET', '/v1/affiliate-tokens');
    expect(list.json()).toMatchObject({ results: [{ parameters: { at: '1010lqW7' } }] });
  });
});

describe('Apple Services', () => {
  test('the enrolment and the token are one record', async () => {
    const settingsUrl = '/v2/settings/apple-services';
    await api('PUT', settingsUrl, {
      enrolled: true,
      affiliateToken: '1010lqW7',
      campaignToken: 'spring',
    });
    const listed = (await api('GET', '/v1/affiliate-tokens')).json<{
      results: { guid: string; parameters: object }[];
    }>().results;
    const [user] = await testApp().db.select().from(users).where(eq(users.email, author));
    const rows = await testApp()
      .db.select()
      .from(affiliateTokens)
      .where(and(eq(affiliateTokens.userId, user?.id ?? 0)));

    expect(listed).toMatchObject([{ parameters: { at: '1010lqW7', ct: 'spring' } }]);
    expect(rows).toHaveLength(1);

    await api('PUT', `/v1/affiliate-tokens?guid=${listed[0]?.guid}`, { parameters: { ct: '' } });
    expect((await api('GET', settingsUrl)).json()).toEqual({
      enrolled: true,
      affiliateToken: '1010lqW7',
      campaignToken: '',
    });
  });
});

describe('what readers get', () => {
  test('marks GB untagged for an author with only `tag`', async () => {
    await saveToken(amazonAssociates, { tag: 'a-20' });
    const { code } = await createLink({ url: saltOrchardOnAmazon });

    const reply = await api('GET', `/v1/links/reader-destinations?domain=shelf.to&code=${code}`);

    expect(reply.statusCode, reply.body).toBe(200);
    const { results } = reply.json<{
      results: { country: string; stores: { url: string; tag: unknown; missingTag: unknown }[] }[];
    }>();
    expect(results.map(({ country }) => country)).toEqual([
      'US',
      'GB',
      'CA',
      'AU',
      'DE',
      'FR',
      'ES',
      'IT',
      'IN',
      'JP',
    ]);
    const [us, gb] = results;
    expect(us?.stores).toEqual([
      {
        retailer: 'Amazon',
        url: 'https://www.amazon.com/dp/1668012340?tag=a-20',
        tag: { programGuid: amazonAssociates, parameter: 'tag', value: 'a-20' },
        missingTag: null,
      },
    ]);
    expect(gb?.stores).toEqual([
      {
        retailer: 'Amazon',
        url: 'https://www.amazon.co.uk/dp/1668012340',
        tag: null,
        missingTag: { programGuid: amazonAssociates, parameter: 'tag_GB' },
      },
    ]);
    expect((await followedTo(code, 'GB')).href).toBe(gb?.stores[0]?.url);
  });

  test("of someone else's link is not found", async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon });
    const other = sessionCookieOf(await signIn(testApp(), 'jonah.reyes@example.com'));

    const reply = await testApp().app.inject({
      url: `/v1/links/reader-destinations?domain=shelf.to&code=${code}`,
      headers: { cookie: other },
    });

    expect(reply.statusCode).toBe(404);
  });
});

test('the programs list is public and names every marketplace with the countries it serves', async () => {
  const reply = await testApp().app.inject({ url: '/v1/affiliate-programs' });

  expect(reply.statusCode).toBe(200);
  const amazon = reply
    .json<{ results: { guid: string; parameters: { name: string }[] }[] }>()
    .results.find(({ guid }) => guid === amazonAssociates);
  expect(amazon?.parameters.map(({ name }) => name)).toEqual(
    expect.arrayContaining(['tag', 'tag_GB', 'tag_DE', 'tag_JP', 'tag_IN']),
  );
  expect(amazon?.parameters.find(({ name }) => name === 'tag_GB')).toMatchObject({
    required: false,
    marketplace: {
      country: 'GB',
      host: 'www.amazon.co.uk',
      countries: ['GB', 'IE', 'IM', 'JE', 'GG'],
    },
  });
});
