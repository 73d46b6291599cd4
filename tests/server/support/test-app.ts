import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Clock } from '../../../src/server/clock';
import { readConfig } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/database';
import type { AppDeps } from '../../../src/server/deps';
import type { Handlers } from '../../../src/server/http/handler';
import type { MailMessage } from '../../../src/server/mail/mailer';
import { LinkCache } from '../../../src/server/smart-links/link-cache';
import { createTestDatabases, type TestDatabases } from './test-databases';

export const adminEmail = 'ines.duarte@shelflink.test';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current = new Date('2026-11-21T09:00:00Z');

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** What `app` was built from, to build another app on the same database. */
  deps: AppDeps;
  db: Database;
  clock: TestClock;
  /** Every message the app sent, oldest first. */
  mail: MailMessage[];
}

export interface TestAppOptions {
  env?: Record<string, string>;
  handlers?: Handlers;
  /** Changes the address a PostgreSQL test database is reached at, to route it through a proxy. */
  connectVia?: (url: URL) => URL;
}

/**
 * Registers hooks that give each test of the calling file its own app on an empty, migrated
 * database, and returns a getter for it.
 */
export function setUpTestApp(options: TestAppOptions = {}): () => TestApp {
  let databases: TestDatabases;
  let current: (TestApp & { close(): Promise<void> }) | undefined;

  beforeAll(async () => {
    databases = await createTestDatabases();
  });
  afterAll(() => databases.dispose());

  beforeEach(async () => {
    const connection = await databases.fresh({ connectVia: options.connectVia });
    const mail: MailMessage[] = [];
    const clock = new TestClock();
    const config = readConfig({
      APP_ORIGIN: 'https://app.shelflink.test',
      SHORT_LINK_ORIGIN: 'https://shelf.to',
      ADMIN_EMAILS: adminEmail,
      ...options.env,
    });
    const mailer = {
      send(message: MailMessage) {
        mail.push(message);
        return Promise.resolve();
      },
    };
    const deps = { db: connection.db, mailer, clock, config, linkCache: new LinkCache() };
    const app = buildApp(deps, { handlers: options.handlers });
    current = {
      app,
      deps,
      db: connection.db,
      clock,
      mail,
      async close() {
        await app.close();
        await connection.close();
      },
    };
  });
  afterEach(() => current?.close());

  return () => {
    if (!current) throw new Error('setUpTestApp() gives an app only inside a test');
    return current;
  };
}

/** The token in the last sign-in link e-mailed to the address. */
export function lastSignInToken({ mail }: TestApp, email: string): string {
  const message = mail.findLast((sent) => sent.to === email);
  const token = message?.actionUrl.split('/login/')[1];
  if (token === undefined) throw new Error(`No sign-in link was e-mailed to ${email}`);
  return token;
}

/** Asks for a sign-in link and follows it: the reply to the login, with its session cookie. */
export async function signIn(testApp: TestApp, email: string): Promise<LightMyRequestResponse> {
  await testApp.app.inject({ method: 'POST', url: '/v1/signup/link', payload: { email } });
  return testApp.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { token: lastSignInToken(testApp, email) },
  });
}

/** The `ss-id` value a reply set, for the next request's `cookie` header. */
export function sessionCookieOf(reply: LightMyRequestResponse): string {
  const cookie = reply.cookies.find(({ name }) => name === 'ss-id');
  if (!cookie) throw new Error('The reply set no session cookie');
  return `ss-id=${cookie.value}`;
}
