// The servers the benchmark measures against, beside the production server
// (scripts/support/production-server.ts): the Prism mock, a session-aware front for it and a
// stand-in for third-party hosts.
import { createServer, request as forward, type OutgoingHttpHeaders, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalCertificate } from '../support/local-certificate.ts';
import { startPrism, type RunningPrism } from '../support/prism.ts';
import { BLANK_PNG } from '../support/third-party-receiver.ts';
import { SESSION_COOKIE } from './chromium.ts';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  origin: string;
  stop: () => Promise<void>;
}

export function startMock(port: number): Promise<RunningPrism> {
  return startPrism({ port });
}

/** The session checks: POST /auth at start-up and GET /auth/session on later navigations. */
const SESSION_CHECK = /^\/auth(\/session)?(\?|$)/;

/**
 * Fronts the mock so that it answers the session checks as a backend would: Prism is stateless
 * and answers every check with its first example, a signed-in author, so a visitor without the
 * session cookie is given the signed-out example instead. Everything else passes through.
 */
export async function startSessionAwareMock(port: number, mockOrigin: string): Promise<Running> {
  const mock = new URL(mockOrigin);
  const signedInCookie = new RegExp(`(^|;\\s*)${SESSION_COOKIE.name}=`);
  const server = createServer((request, response) => {
    const headers: OutgoingHttpHeaders = { ...request.headers, host: mock.host };
    if (
      SESSION_CHECK.test(request.url ?? '') &&
      !signedInCookie.test(request.headers.cookie ?? '')
    ) {
      headers.prefer = 'example=signedOut';
    }
    const upstream = forward(
      new URL(request.url ?? '/', mock),
      { method: request.method, headers },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  return listen(server, port);
}

function listen(server: Server | HttpsServer, port: number): Promise<Running> {
  const scheme = server instanceof HttpsServer ? 'https' : 'http';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        origin: `${scheme}://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((stopped) => {
            server.closeAllConnections();
            server.close(() => {
              stopped();
            });
          }),
      });
    });
  });
}

/**
 * Stands in for the error-reporting, analytics, tag-manager and avatar hosts, which this
 * machine cannot reach: gtm.js is an empty script, any other GET a blank PNG (avatars), and
 * anything else (Sentry envelopes, analytics batches) is answered with `{}`. Over HTTPS, as
 * those hosts are: the page is served over HTTPS, and plain-HTTP requests from it would be
 * mixed content.
 */
export async function startThirdPartyStandIn(
  port: number,
  certificate: LocalCertificate,
): Promise<Running> {
  const tls = { cert: readFileSync(certificate.certFile), key: readFileSync(certificate.keyFile) };
  const server = createHttpsServer(tls, (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    // Echoed rather than `*`, which does not cover Authorization (Chrome flags that as deprecated).
    response.setHeader(
      'Access-Control-Allow-Headers',
      request.headers['access-control-request-headers'] ?? '*',
    );
    request.resume();
    if (request.method === 'OPTIONS') response.writeHead(204).end();
    else if (request.url?.startsWith('/gtm.js'))
      response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
    else if (request.method === 'GET')
      response.writeHead(200, { 'content-type': 'image/png' }).end(BLANK_PNG);
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return listen(server, port);
}

/**
 * Replaces the build's env.js with a production configuration whose error reporting, analytics,
 * tag manager and avatars all point at the stand-in, so every third-party script really loads
 * when the app asks for it, as in production, and the budget that keeps them out of the first
 * paint is tested. The consent banner stays on; the benchmark never answers it.
 */
export function writeBenchRuntimeConfig(outDir: string, standInOrigin: string): void {
  const { host, protocol } = new URL(standInOrigin);
  const config = {
    environment: 'production',
    apiBaseUrl: '/api',
    blogUrl: `${standInOrigin}/blog`,
    avatarHost: standInOrigin,
    sentry: { dsn: `${protocol}//bench@${host}/1`, tracesSampleRate: 1 },
    analytics: {
      writeKey: 'bench-write-key',
      apiHost: `${host}/segment/v1`,
      protocol: protocol.replace(':', ''),
    },
    tagManager: { host: standInOrigin, analyticsId: 'GTM-BENCH', marketingId: 'GTM-BENCH-ADS' },
    cookieConsent: { enabled: true },
  };
  writeFileSync(
    join(outDir, 'env.js'),
    `// Written by scripts/bench.ts.\nwindow.__SHELFLINK_ENV__ = ${JSON.stringify(config, null, 2)};\n`,
  );
}
