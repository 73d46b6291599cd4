import { mkdtempSync, readFileSync } from 'node:fs';
import { connect as connectHttp2, type ClientHttp2Session } from 'node:http2';
import { connect as connectTcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConnectionLimits } from '../../../src/server/http/connection-limits';
import {
  createLocalCertificate,
  type LocalCertificate,
} from '../../../scripts/support/local-certificate';
import { startTestAppServer, type TestAppServer } from './test-app-server';

const limits: ConnectionLimits = {
  headersTimeoutMs: 800,
  requestTimeoutMs: 2_000,
  idleTimeoutMs: 1_500,
  maxConnections: 40,
  maxConnectionsPerAddress: 40,
};
/** Node checks header timeouts every 250 ms; a closed socket's event may lag a little more. */
const closeWithin = limits.headersTimeoutMs + 1_500;
const SLOW_CONNECTIONS = 25;

interface SlowConnection {
  /** Resolves with the milliseconds from opening to the server closing it. */
  closed: Promise<number>;
  stop: () => void;
}

/**
 * Opens a connection that sends `opening` and then one more header byte every 100 ms, never
 * finishing its request, as a slow-headers attack does.
 */
function openSlowConnection(
  open: () => Socket,
  opening: string | Buffer,
  ready: 'connect' | 'secureConnect' = 'connect',
): SlowConnection {
  const started = Date.now();
  const socket = open();
  let trickle: NodeJS.Timeout | undefined;
  socket.on('error', () => undefined);
  socket.once(ready, () => {
    socket.write(opening);
    trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 100);
  });
  const closed = new Promise<number>((resolve) => {
    socket.once('close', () => {
      clearInterval(trickle);
      resolve(Date.now() - started);
    });
  });
  return {
    closed,
    stop: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

const PARTIAL_HTTP1_HEADERS = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

describe('over plain HTTP', () => {
  let server: TestAppServer;
  let port = 0;

  beforeAll(async () => {
    server = await startTestAppServer({ limits });
    port = Number(new URL(server.origin).port);
  });
  afterAll(async () => {
    await server.close();
  });

  test('slow connections close within the header timeout while real requests are answered', async () => {
    const slow = Array.from({ length: SLOW_CONNECTIONS }, () =>
      openSlowConnection(() => connectTcp(port, '127.0.0.1'), PARTIAL_HTTP1_HEADERS),
    );
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const page = await fetch(`${server.origin}/faq`);
        expect(page.status).toBe(200);
        await page.text();
      }
      const lifetimes = await Promise.all(slow.map((connection) => connection.closed));
      expect(Math.max(...lifetimes)).toBeLessThan(closeWithin);
    } finally {
      for (const connection of slow) connection.stop();
    }
  });

  test('connections beyond the cap are closed as they arrive, the earlier ones kept', async () => {
    const excess = 10;
    const sockets = Array.from({ length: limits.maxConnections + excess }, () => {
      const opened = Date.now();
      const socket = connectTcp(port, '127.0.0.1');
      socket.on('error', () => undefined);
      const closedAfter = new Promise<number>((resolve) => {
        socket.once('close', () => {
          resolve(Date.now() - opened);
        });
      });
      return { socket, closedAfter };
    });
    try {
      const lifetimes = await Promise.all(sockets.map(({ closedAfter }) => closedAfter));
      const dropped = lifetimes.filter((lifetime) => lifetime < limits.headersTimeoutMs / 2);
      const timedOut = lifetimes.filter((lifetime) => lifetime >= limits.headersTimeoutMs / 2);
      expect(dropped).toHaveLength(excess);
      expect(timedOut).toHaveLength(limits.maxConnections);
      expect(
        lifetimes.slice(limits.maxConnections).every((l) => l < limits.headersTimeoutMs / 2),
      ).toBe(true);
      expect(Math.max(...timedOut)).toBeLessThan(closeWithin);

      const afterwards = await fetch(`${server.origin}/`);
      expect(afterwards.status).toBe(200);
    } finally {
      for (const { socket } of sockets) socket.destroy();
    }
  });

  test('a kept-alive connection with nothing to do is closed', async () => {
    const socket = connectTcp(port, '127.0.0.1');
    const opened = Date.now();
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    socket.resume();
    const lifetime = await new Promise<number>((resolve) => {
      socket.once('close', () => {
        resolve(Date.now() - opened);
      });
    });
    expect(lifetime).toBeLessThan(limits.idleTimeoutMs + 1_500);
  });
});

describe('over HTTPS with HTTP/2', () => {
  let server: TestAppServer;
  let certificate: LocalCertificate;
  let port = 0;

  beforeAll(async () => {
    certificate = await createLocalCertificate(mkdtempSync(join(tmpdir(), 'shelflink-limits-')));
    server = await startTestAppServer({
      limits,
      tls: { cert: readFileSync(certificate.certFile), key: readFileSync(certificate.keyFile) },
    });
    port = Number(new URL(server.origin).port);
  });
  afterAll(async () => {
    await server.close();
  });

  const tlsConnection = (protocol: 'h2' | 'http/1.1') => () =>
    connectTls({ host: '127.0.0.1', port, ca: certificate.certificate, ALPNProtocols: [protocol] });

  test('slow HTTP/1.1 headers, a lone HTTP/2 preface and a stalled handshake all close in time', async () => {
    const slow = [
      ...Array.from({ length: 8 }, () =>
        openSlowConnection(tlsConnection('http/1.1'), PARTIAL_HTTP1_HEADERS, 'secureConnect'),
      ),
      ...Array.from({ length: 8 }, () =>
        openSlowConnection(
          tlsConnection('h2'),
          Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
          'secureConnect',
        ),
      ),
      // A TCP connection that never starts its TLS handshake.
      ...Array.from({ length: 8 }, () =>
        openSlowConnection(() => connectTcp(port, '127.0.0.1'), ''),
      ),
    ];
    let session: ClientHttp2Session | undefined;
    try {
      session = connectHttp2(server.origin, { ca: certificate.certificate });
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const stream = session?.request({ ':path': '/faq' });
        stream?.on('response', (headers) => {
          resolve(headers[':status']);
        });
        stream?.on('error', reject);
        stream?.resume();
        stream?.end();
      });
      expect(status).toBe(200);

      const lifetimes = await Promise.all(slow.map((connection) => connection.closed));
      expect(Math.max(...lifetimes)).toBeLessThan(closeWithin);
    } finally {
      session?.close();
      for (const connection of slow) connection.stop();
    }
  });
});

describe('a fair share per client address', () => {
  const fairLimits: ConnectionLimits = { ...limits, maxConnectionsPerAddress: 10 };
  let server: TestAppServer;
  let port = 0;

  beforeAll(async () => {
    server = await startTestAppServer({ limits: fairLimits });
    port = Number(new URL(server.origin).port);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A GET from another loopback address than the slow connections'. */
  function statusFrom(localAddress: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = connectTcp({ port, host: '127.0.0.1', localAddress });
      socket.on('error', reject);
      socket.once('connect', () => {
        socket.write('GET /faq HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      });
      let reply = '';
      socket.on('data', (chunk: Buffer) => {
        reply += chunk.toString();
      });
      socket.once('close', () => {
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0));
      });
    });
  }

  test('one address filling the cap with slow bodies cannot lock another reader out', async () => {
    const slowBody = 'POST /faq HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n';
    const slow = Array.from({ length: fairLimits.maxConnections }, () =>
      openSlowConnection(
        () => connectTcp({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }),
        slowBody,
      ),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(await statusFrom('127.0.0.3')).toBe(200);
      const lifetimes = await Promise.race([
        Promise.all(slow.slice(fairLimits.maxConnectionsPerAddress).map(({ closed }) => closed)),
        new Promise<number[]>((resolve) => {
          setTimeout(() => {
            resolve([]);
          }, 1_000);
        }),
      ]);
      expect(lifetimes).toHaveLength(
        fairLimits.maxConnections - fairLimits.maxConnectionsPerAddress,
      );
    } finally {
      for (const connection of slow) connection.stop();
    }
  });
});
