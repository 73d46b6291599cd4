import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ThirdPartyKind = 'analytics' | 'sentry' | 'tag-manager' | 'avatar' | 'other';

export interface ReceivedRequest {
  kind: ThirdPartyKind;
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export interface ThirdPartyReceiver {
  origin: string;
  host: string;
  received: (kind?: ThirdPartyKind) => ReceivedRequest[];
  stop: () => Promise<void>;
}

/** A 1×1 transparent PNG, served as every avatar and cover. */
export const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function kindOf(path: string): ThirdPartyKind {
  if (path.startsWith('/segment/')) return 'analytics';
  if (path.startsWith('/api/') && path.includes('/envelope')) return 'sentry';
  if (path.startsWith('/gtm.js')) return 'tag-manager';
  if (path.startsWith('/avatar/')) return 'avatar';
  return 'other';
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Stands in for the analytics, error-reporting, tag-manager and avatar services on 127.0.0.1,
 * recording every request so a test can assert what the app sent.
 */
export async function startThirdPartyReceiver(): Promise<ThirdPartyReceiver> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    // A page that closes mid-request aborts it; that is not a failure of the test.
    (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
      response.setHeader('Access-Control-Allow-Headers', '*');
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const kind = kindOf(url.pathname);
      requests.push({
        kind,
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: await readBody(request),
      });
      if (kind === 'avatar') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(BLANK_PNG);
      } else if (kind === 'tag-manager') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
    })().catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received: (kind) => requests.filter((request) => !kind || request.kind === kind),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
