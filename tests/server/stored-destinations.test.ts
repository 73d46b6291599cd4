// A destination stored before the address rule held end to end (the server once stored the
// URL standard's rewrite of what it was sent) must never break a read: the migration that brought
// the rule disables such links with a reason their author sees, and a new destination revives them.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { createId } from '../../src/server/db/ids';
import { links } from '../../src/server/db/schema';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const migrationFile = new URL(
  '../../src/server/db/migrations/0009_links_disabled_reason.sql',
  import.meta.url,
);
const rewrittenBackslashAddress = 'https://books/x.example.org/p';

/** The migration's statements after the one that adds the column the test database has. */
async function rerunDestinationCheck(): Promise<void> {
  const statements = readFileSync(migrationFile, 'utf8').split('--> statement-breakpoint');
  for (const statement of statements.slice(1)) await testApp().db.execute(sql.raw(statement));
}

async function authorWithStoredLinks(urls: string[]) {
  const login = await signIn(testApp(), 'maya.okafor@example.com');
  const ownerId = Number(login.json<{ userId: string }>().userId);
  await testApp()
    .db.insert(links)
    .values(
      urls.map((url, index) => ({
        id: createId('lnk'),
        ownerId,
        domain: 'shelf.to',
        code: `stored-${index}`,
        baseCode: `stored-${index}`,
        url,
      })),
    );
  return sessionCookieOf(login);
}

function inject(method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) {
  return testApp().app.inject({ method, url, headers: { cookie }, payload });
}

describe('destinations stored before the address rule', () => {
  test("the migration's check is the contract's DestinationUrl pattern", () => {
    const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
      components: { schemas: { DestinationUrl: { pattern: string } } };
    };

    expect(readFileSync(migrationFile, 'utf8')).toContain(
      `"url" !~ '${contract.components.schemas.DestinationUrl.pattern}'`,
    );
  });

  test('a broken stored address disables only its link, and the list and metadata still answer', async () => {
    const cookie = await authorWithStoredLinks([
      rewrittenBackslashAddress,
      'https://www.amazon.com/dp/1668012340',
    ]);

    await rerunDestinationCheck();
    const list = await inject('GET', '/v1/links/list', cookie);
    const metadata = await inject(
      'GET',
      '/v1/shortlink/metadata?domain=shelf.to&code=stored-0',
      cookie,
    );

    expect(list.statusCode).toBe(200);
    const results = list.json<{ results: { code: string; url: string; disabled: unknown }[] }>()
      .results;
    expect(results.find((link) => link.code === 'stored-0')).toMatchObject({
      url: rewrittenBackslashAddress,
      disabled: {
        reason: 'destinationInvalid',
        message:
          'Disabled because its stored address is not one a reader can be sent to. Change its destination to turn it back on.',
      },
    });
    expect(results.find((link) => link.code === 'stored-1')).toMatchObject({ disabled: null });
    expect(metadata.statusCode).toBe(200);
  });

  test('changing the destination of a link disabled for its address turns it back on', async () => {
    const cookie = await authorWithStoredLinks([rewrittenBackslashAddress]);
    await rerunDestinationCheck();

    const reply = await inject('PUT', '/v1/links', cookie, {
      domain: 'shelf.to',
      code: 'stored-0',
      baseCode: 'stored-0',
      url: 'https://books.example.org/p',
    });

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ url: 'https://books.example.org/p', disabled: null });
    const [stored] = await testApp().db.select().from(links).where(eq(links.code, 'stored-0'));
    expect(stored).toMatchObject({ disabledAt: null, disabledReason: null });
  });

  test('a link disabled as abuse stays disabled when its destination changes', async () => {
    const cookie = await authorWithStoredLinks(['https://www.amazon.com/dp/1668012340']);
    await testApp()
      .db.update(links)
      .set({ disabledAt: testApp().clock.now(), disabledReason: 'abuse' });

    const reply = await inject('PUT', '/v1/links', cookie, {
      domain: 'shelf.to',
      code: 'stored-0',
      baseCode: 'stored-0',
      url: 'https://books.example.org/p',
    });

    expect(reply.json()).toMatchObject({ disabled: { reason: 'abuse' } });
  });
});
