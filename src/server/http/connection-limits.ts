// Limits that keep slow and excess connections from starving real visitors: a connection that
// does not deliver a request in time, or sits idle, is closed, and beyond a cap the newest
// connections are refused at once, before they cost a file descriptor for long.
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type {
  Http2SecureServer,
  Http2ServerRequest,
  Http2ServerResponse,
  Http2Session,
} from 'node:http2';
import type { Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';

export interface ConnectionLimits {
  /** How long a connection may take to send a request's headers, TLS handshake included. */
  headersTimeoutMs: number;
  /** How long a connection may take to send a whole request. */
  requestTimeoutMs: number;
  /** How long a connection, or an HTTP/2 session, may stay without traffic. */
  idleTimeoutMs: number;
  /** Connections beyond this many are closed as they arrive. */
  maxConnections: number;
  /**
   * A fair share: one client address's connections beyond this many are closed as they arrive,
   * so one address cannot take every place under `maxConnections`. This counts the socket's
   * own address, the only one known before a request arrives: behind a proxy or CDN that is
   * the proxy's, and a deployment there sets it to what its proxies need.
   */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxConnections: 4_000,
  maxConnectionsPerAddress: 64,
};

/**
 * The short-link host's: its requests are a redirect's GET or a store form of a few bytes, so
 * a request still arriving after a few seconds is not a reader's.
 */
export const SHORT_LINK_HOST_CONNECTION_LIMITS: ConnectionLimits = {
  ...DEFAULT_CONNECTION_LIMITS,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 5_000,
};

/** Node's own checks of HTTP/1.1 header and request timeouts run this often. */
const TIMEOUT_CHECK_INTERVAL_MS = 250;

/**
 * Applies the limits; call it before `listen`. A connection must deliver each request's headers
 * within the header timeout of opening, or of its previous response ending: a deadline of our
 * own, since Node's header timeout never fires for a connection that has sent nothing. An
 * HTTP/2 session's first stream has the same deadline, so one that sent only the connection
 * preface is closed like one that sent half a header block. Node's request timeout covers a
 * body sent too slowly. The TLS handshake's own limit is a constructor option: pass
 * `headersTimeoutMs` as `handshakeTimeout`.
 */
export function applyConnectionLimits(
  server: HttpServer | Http2SecureServer,
  limits: ConnectionLimits,
): void {
  server.maxConnections = limits.maxConnections;
  Object.assign(server, {
    headersTimeout: limits.requestTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: Math.min(limits.idleTimeoutMs, 5_000),
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  });
  // Without a callback of its own, each server kind closes what timed out.
  server.setTimeout(limits.idleTimeoutMs);

  const connectionsPerAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const open = connectionsPerAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    connectionsPerAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (connectionsPerAddress.get(address) ?? 1) - 1;
      if (left === 0) connectionsPerAddress.delete(address);
      else connectionsPerAddress.set(address, left);
    });
  });

  const requestDeadlines = new WeakMap<Socket, NodeJS.Timeout>();
  const awaitRequest = (socket: Socket) => {
    clearTimeout(requestDeadlines.get(socket));
    const deadline = setTimeout(() => {
      socket.destroy();
    }, limits.headersTimeoutMs);
    deadline.unref();
    requestDeadlines.set(socket, deadline);
  };
  const onConnection = (socket: Socket) => {
    if ('alpnProtocol' in socket && socket.alpnProtocol === 'h2') return;
    awaitRequest(socket);
    socket.once('close', () => {
      clearTimeout(requestDeadlines.get(socket));
    });
  };
  server.on(server instanceof TlsServer ? 'secureConnection' : 'connection', onConnection);
  server.on(
    'request',
    (
      request: IncomingMessage | Http2ServerRequest,
      response: ServerResponse | Http2ServerResponse,
    ) => {
      if ('stream' in request) return;
      const { socket } = request;
      clearTimeout(requestDeadlines.get(socket));
      response.once('finish', () => {
        if (!socket.destroyed) awaitRequest(socket);
      });
    },
  );

  server.on('session', (session: Http2Session) => {
    const firstStreamDeadline = setTimeout(() => {
      session.destroy();
    }, limits.headersTimeoutMs);
    firstStreamDeadline.unref();
    session.once('stream', () => {
      clearTimeout(firstStreamDeadline);
    });
    session.once('close', () => {
      clearTimeout(firstStreamDeadline);
    });
  });
}
