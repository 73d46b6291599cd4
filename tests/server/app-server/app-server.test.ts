import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLocalCertificate,
  type LocalCertificate,
} from '../../../scripts/support/local-certificate';
import { startTestAppServer, type TestAppServer } from './test-app-server';

const BUILD_INTERNALS = [
  '/.vite/manifest.json',
  '/.vite/route-preloads.json',
  '/assets/index-abc123.js.map',
  '/%2evite/manifest.json',
];

describe('the production server', () => {
  let server: TestAppServer;

  beforeAll(async () => {
    server = await startTestAppServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test.each(BUILD_INTERNALS)('keeps %s to itself', async (path) => {
    const reply = await fetch(`${server.origin}${path}`);

    expect(reply.status).toBe(404);
    expect(await reply.text()).not.toContain('src/main.tsx');
  });

  test('serves the app and its scripts, with the cross-origin isolation headers', async () => {
    const page = await fetch(`${server.origin}/faq`);
    const script = await fetch(`${server.origin}/assets/index-abc123.js`);

    expect(page.status).toBe(200);
    expect(script.status).toBe(200);
    for (const reply of [page, script]) {
      expect(reply.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(reply.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('the production server asked to serve source maps', () => {
  test('serves them, and still not the manifests', async () => {
    const server = await startTestAppServer({ serveSourceMaps: true });
    try {
      const map = await fetch(`${server.origin}/assets/index-abc123.js.map`);
      const manifest = await fetch(`${server.origin}/.vite/manifest.json`);

      expect(map.status).toBe(200);
      expect(await map.json()).toMatchObject({ version: 3 });
      expect(manifest.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('the production server over HTTPS', () => {
  let server: TestAppServer;
  let certificate: LocalCertificate;

  beforeAll(async () => {
    certificate = await createLocalCertificate(mkdtempSync(join(tmpdir(), 'shelflink-hsts-')));
    server = await startTestAppServer({
      tls: { cert: readFileSync(certificate.certFile), key: readFileSync(certificate.keyFile) },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  test('tells browsers to use HTTPS for the site and its subdomains', async () => {
    const session = connect(server.origin, { ca: certificate.certificate });
    try {
      const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const stream = session.request({ ':path': '/' });
        stream.on('response', resolve);
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });

      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      session.close();
    }
  });
});
