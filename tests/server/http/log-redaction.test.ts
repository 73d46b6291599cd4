import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { redactionMarker } from '../../../src/server/http/log-redaction';
import { buildTestShortLinkHost } from '../support/short-link-host';
import { lastSignInToken, setUpTestApp } from '../support/test-app';

const testApp = setUpTestApp();

/** A log destination that keeps every line written to it. */
function logBuffer() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: { level: 'info', stream }, text: () => lines.join('') };
}

describe('the server log keeps no secret', () => {
  test('sign-in, claim and e-mail-change tokens in an address never reach the log', async () => {
    const log = logBuffer();
    const app = buildApp(testApp().deps, { apiPrefix: '/api', logger: log.logger });
    await app.inject({
      method: 'POST',
      url: '/api/v1/signup/link',
      payload: { email: 'maya.okafor@example.com' },
    });
    const token = lastSignInToken(testApp(), 'maya.okafor@example.com');
    const secrets = [token, 'claim-secret-4d1f9a', 'change-secret-77b20c', 'query-secret-5e8a1d'];

    for (const url of [
      `/login/${token}`,
      `/confirm/${secrets[1]}`,
      `/confirm-email/${secrets[2]}?from=mail`,
      `/api/v1/links/list?take=1&token=${secrets[3]}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    await app.inject({ method: 'POST', url: '/api/v1/login', payload: { token } });
    await app.close();

    const written = log.text();
    expect(written).toContain(`/login/${redactionMarker}`);
    expect(written).toContain(`/confirm/${redactionMarker}`);
    expect(written).toContain(`/confirm-email/${redactionMarker}?from=mail`);
    expect(written).toContain(`token=${redactionMarker}`);
    for (const secret of secrets) expect(written).not.toContain(secret);
  });

  test('the short-link host logs addresses through the same redaction', async () => {
    const log = logBuffer();
    const { host, close } = await buildTestShortLinkHost(testApp(), { logger: log.logger });
    await host.ready();
    host.log.info({ req: { method: 'GET', url: '/login/host-secret-9c1e', headers: {} } }, 'seen');
    await close();

    expect(log.text()).toContain(`/login/${redactionMarker}`);
    expect(log.text()).not.toContain('host-secret-9c1e');
  });
});

describe('every log line names its request', () => {
  /** The JSON lines written, parsed. */
  function linesOf(text: string): Record<string, unknown>[] {
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  test('a request gets a new id, sent back and on each of its lines', async () => {
    const log = logBuffer();
    const app = buildApp(testApp().deps, { logger: log.logger });
    const first = await app.inject({ method: 'GET', url: '/auth/session' });
    const second = await app.inject({ method: 'GET', url: '/auth/session' });
    await app.close();

    const ids = [first, second].map((reply) => reply.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const lines = linesOf(log.text()).filter((line) => line.requestId === ids[0]);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  test('a well-formed id from the proxy in front is kept; anything else is replaced', async () => {
    const log = logBuffer();
    const app = buildApp(testApp().deps, { logger: log.logger });
    const forwarded = await app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    const forged = await app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { 'x-request-id': 'x"}\n{"level":60,"msg":"forged' },
    });
    await app.close();

    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(log.text()).filter((line) => line.requestId === 'lb-7f3a.42')).toHaveLength(2);
    expect(log.text()).not.toContain('forged');
  });

  test('the short-link host names its requests the same way, and health checks are not logged', async () => {
    const log = logBuffer();
    const apiLog = logBuffer();
    const { host, close } = await buildTestShortLinkHost(testApp(), { logger: log.logger });
    const app = buildApp(testApp().deps, { logger: apiLog.logger });
    const page = await host.inject({ method: 'GET', url: '/no-such-link' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/readyz' });
    await close();
    await app.close();

    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(apiLog.text()).toBe('');
  });

  test('a secret in an object logged by hand is replaced', async () => {
    const log = logBuffer();
    const app = buildApp(testApp().deps, { logger: log.logger });
    app.log.info(
      { token: 'tok-1a2b', mail: { password: 'pw-3c4d', headers: { cookie: 'ss-id=5e6f' } } },
      'by hand',
    );
    await app.close();

    for (const secret of ['tok-1a2b', 'pw-3c4d', 'ss-id=5e6f']) {
      expect(log.text()).not.toContain(secret);
    }
    expect(log.text()).toContain(redactionMarker);
  });
});
