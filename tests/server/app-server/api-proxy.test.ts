import { mkdtempSync, readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upstreamUrl } from '../../../src/server/web-app/api-proxy';
import { createLocalCertificate } from '../../../scripts/support/local-certificate';
import { startTestAppServer, type TestAppServer } from './test-app-server';

interface Arrival {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface RecordingServer {
  origin: string;
  arrivals: Arrival[];
  close: () => Promise<void>;
}

/** An API stand-in that records what reaches it; `/slow` never answers. */
async function startRecordingServer(tls?: { cert: string; key: string }): Promise<RecordingServer> {
  const arrivals: Arrival[] = [];
  const record: RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url === '/slow') return;
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'ss-id=new' });
      response.end(JSON.stringify({ path: request.url }));
    });
  };
  const server: Server = tls ? createHttpsServer(tls, record) : createHttpServer(record);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scheme = tls ? 'https' : 'http';
  return {
    origin: `${scheme}://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Sends a request line exactly as written, which fetch would normalise first. */
function rawRequest(origin: string, path: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ss-id=secret\r\nConnection: close\r\n\r\n`,
      );
    });
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('end', () => {
      resolve(reply);
    });
    socket.on('error', reject);
  });
}

describe('upstreamUrl', () => {
  const target = new URL('https://api.example.com/base/');

  test.each([
    [
      '/api/v1/links/list?skip=0&take=20',
      'https://api.example.com/base/v1/links/list?skip=0&take=20',
    ],
    ['/api', 'https://api.example.com/base/'],
    ['/api/', 'https://api.example.com/base/'],
    ['/api?x=1', 'https://api.example.com/base/?x=1'],
    [
      '/api/v1/links/report?domain=shelf.to&code=caf%C3%A9',
      'https://api.example.com/base/v1/links/report?domain=shelf.to&code=caf%C3%A9',
    ],
    ['/api/@evil.example/x', 'https://api.example.com/base/@evil.example/x'],
  ])('keeps %s on the target: %s', (path, expected) => {
    expect(upstreamUrl(target, path)?.href).toBe(expected);
  });

  test.each([
    '//evil.example/x',
    '/api//evil.example/x',
    '/api/\\evil.example/x',
    '/api/%2f%2fevil.example/x',
    '/api/%2F%2Fevil.example/x',
    '/api/%5cevil.example/x',
    '/api/%5C%5Cevil.example/x',
    '/api/%252f%252fevil.example/x',
    '/api/%25252f/x',
    '/api/../secret',
    '/api/v1/%2e%2e/%2e%2e/secret',
    '/api/v1/./links',
    '/api/%',
    '/api/a%00b',
    '/apix/v1',
    '/api\\evil.example',
  ])('refuses %s', (path) => {
    expect(upstreamUrl(target, path)).toBeUndefined();
  });
});

describe('the /api proxy', () => {
  let api: RecordingServer;
  let elsewhere: RecordingServer;
  let app: TestAppServer;

  beforeAll(async () => {
    api = await startRecordingServer();
    elsewhere = await startRecordingServer();
    app = await startTestAppServer({
      api: { target: new URL(api.origin), timeoutMs: 500, maxBodyBytes: 1024 },
    });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
    await elsewhere.close();
  });

  test('hostile paths get a 400 and never reach another host', async () => {
    const { host } = new URL(elsewhere.origin);
    const hostile = [
      `/api//${host}/secret`,
      `/api/\\${host}/secret`,
      `/api/%2f${host}/secret`,
      `/api/%2F%2F${host}/secret`,
      `/api/%5c${host}/secret`,
      `/api/%5C%5C${host}/secret`,
      `/api/%252f%252f${host}/secret`,
      `/api/%25%32%66${host}/secret`,
      `/api/..%2f..%2f${host}/secret`,
      `/api//user:pass@${host}/secret`,
      `/api/\\\\user@${host}/secret`,
    ];
    for (const path of hostile) {
      const reply = await rawRequest(app.origin, path);
      expect(reply, path).toMatch(/^HTTP\/1\.1 400 /);
    }
    // Userinfo without a separator is only a path segment, which stays on the API.
    const userinfo = await rawRequest(app.origin, `/api/@${host}/secret`);
    expect(userinfo).toMatch(/^HTTP\/1\.1 200 /);
    expect(elsewhere.arrivals).toEqual([]);
    expect(api.arrivals.at(-1)?.url).toBe(`/@${host}/secret`);
  });

  test('forwards the headers an API needs and says who asked, and nothing else', async () => {
    const reply = await fetch(`${app.origin}/api/v1/links?x=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'ss-id=abc',
        'x-impersonate': '10482',
        'x-forwarded-for': '203.0.113.9',
        authorization: 'Basic c2VjcmV0',
        'x-internal-debug': '1',
      },
      body: '{"url":"https://example.com"}',
    });

    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toBe('ss-id=new');
    const arrival = api.arrivals.at(-1);
    expect(arrival).toMatchObject({ method: 'POST', url: '/v1/links?x=1' });
    expect(arrival?.body).toBe('{"url":"https://example.com"}');
    expect(arrival?.headers).toMatchObject({
      cookie: 'ss-id=abc',
      'x-impersonate': '10482',
      'content-type': 'application/json',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      host: new URL(api.origin).host,
    });
    expect(arrival?.headers).not.toHaveProperty('authorization');
    expect(arrival?.headers).not.toHaveProperty('x-internal-debug');
  });

  test('answers 504 when the API does not answer in time', async () => {
    const reply = await fetch(`${app.origin}/api/slow`);

    expect(reply.status).toBe(504);
    expect(await reply.text()).toMatch(/did not answer in time/);
  });

  test('answers 413 to a body over the cap, declared or streamed, without passing it on', async () => {
    const before = api.arrivals.length;
    const declared = await fetch(`${app.origin}/api/v1/links`, {
      method: 'POST',
      body: 'x'.repeat(2048),
    });
    const streamed = await fetch(`${app.origin}/api/v1/links`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let chunk = 0; chunk < 8; chunk += 1) controller.enqueue(new Uint8Array(512));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

    expect(declared.status).toBe(413);
    expect(streamed.status).toBe(413);
    expect(api.arrivals.slice(before).filter((arrival) => arrival.body.length > 1024)).toEqual([]);
  });
});

describe('the /api proxy to an https API', () => {
  test('reaches it over TLS', async () => {
    const certificate = await createLocalCertificate(
      mkdtempSync(join(tmpdir(), 'shelflink-api-tls-')),
    );
    const api = await startRecordingServer({
      cert: certificate.certificate,
      key: readFileSync(certificate.keyFile, 'utf8'),
    });
    const app = await startTestAppServer({
      api: { target: new URL(api.origin), timeoutMs: 2000, maxBodyBytes: 1024 },
      trustedCertificate: certificate.certificate,
    });
    try {
      const reply = await fetch(`${app.origin}/api/auth/session`);

      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ path: '/auth/session' });
    } finally {
      await app.close();
      await api.close();
    }
  });
});
