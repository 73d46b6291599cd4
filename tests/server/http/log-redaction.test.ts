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
