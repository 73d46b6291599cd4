import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus's text format on a listener of its own, apart from the API and the
 * short-link host, so it is reachable only where its host and port are (the loopback address
 * unless METRICS_HOST says otherwise).
 */
export async function listenForScrapes(port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: listening } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
