import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of PostgreSQL that can cut every connection and refuse new ones. */
export class DatabaseLine {
  private readonly sockets = new Set<Socket>();
  private cut = false;
  readonly server: Server;

  constructor(target: URL) {
    this.server = createServer((client) => {
      if (this.cut) {
        client.destroy();
        return;
      }
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
  }

  /** A PostgreSQL address that reaches the same database through this line. */
  route(url: URL): URL {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied;
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get port(): number {
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('Not listening');
    return address.port;
  }

  cutOff(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = false;
  }
}
