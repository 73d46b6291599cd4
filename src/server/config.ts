import { isIP } from 'node:net';
import { join } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Holds the PGlite database (`pglite/`) and, by default, the mail outbox (`outbox/`). */
  dataDir: string;
  /** Mail goes out over SMTP when set; otherwise each message is written to `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The web app's origin, for links in e-mails; https makes the session cookie `Secure`. */
  appOrigin: string;
  /** Lower-cased addresses that hold the Administrator role. */
  adminEmails: ReadonlySet<string>;
  /** Proxies whose `X-Forwarded-For` gives the client's address, for per-address rate limits. */
  trustedProxies: string[];
  /** The book services asked for books the offline catalogue lacks; tests point them at stand-ins. */
  openLibraryOrigin: string;
  googleBooksOrigin: string;
  /** Where the short-link host listens; its links are published at `shortLinkOrigin`. */
  shortLinkPort: number;
  /** The short links' public origin: `https://shelf.to` in production, the local port otherwise. */
  shortLinkOrigin: string;
  /** The header a CDN names the reader's country in. */
  countryHeader: string;
  /** A MaxMind-format country database, asked when the headers name no country. */
  geoDatabasePath: string | undefined;
  /**
   * How long an instance told to stop (SIGTERM) keeps serving with its readiness check failing,
   * so a load balancer has stopped sending it requests when its listeners close.
   */
  drainSeconds: number;
  /** Where Prometheus metrics are served; none when the port is not set. */
  metricsPort: number | undefined;
  metricsHost: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads the server's settings from the environment, reporting every malformed value at once. */
export function readConfig(env: Record<string, string | undefined>): Config {
  const problems: string[] = [];

  function read(name: string): string | undefined {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  }

  function list(name: string): string[] {
    return (read(name) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  }

  function integer(name: string, fallback: number, max: number): number {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (/^\d+$/.test(raw) && Number(raw) <= max) return Number(raw);
    problems.push(`${name} must be a whole number from 0 to ${max}, not "${raw}".`);
    return fallback;
  }

  function url(name: string, protocols: string[]): string | undefined {
    const raw = read(name);
    if (raw === undefined || protocols.includes(URL.parse(raw)?.protocol ?? '')) return raw;
    const schemes = protocols.map((protocol) => `${protocol}//`).join(' or ');
    problems.push(`${name} must be a ${schemes} URL, not "${raw}".`);
    return undefined;
  }

  function origin(name: string, fallback: string): string {
    const raw = url(name, ['http:', 'https:']);
    if (raw === undefined) return fallback;
    const parsed = new URL(raw);
    if (parsed.href === `${parsed.origin}/`) return parsed.origin;
    problems.push(`${name} must be an origin without a path, such as https://shelflink.app.`);
    return fallback;
  }

  /** Addresses, CIDR ranges or proxy-addr's names for them (`loopback`, `uniquelocal`). */
  function proxyList(name: string): string[] {
    const proxies = list(name);
    for (const proxy of proxies) {
      const address = proxy.split('/')[0] ?? '';
      if (isIP(address) === 0 && !['loopback', 'linklocal', 'uniquelocal'].includes(proxy)) {
        problems.push(`${name} must list proxy addresses or ranges; "${proxy}" is not one.`);
      }
    }
    return proxies;
  }

  function emailList(name: string): Set<string> {
    const addresses = list(name).map((address) => address.toLowerCase());
    for (const address of addresses.filter((address) => !emailPattern.test(address))) {
      problems.push(
        `${name} must list e-mail addresses separated by commas; "${address}" is not one.`,
      );
    }
    return new Set(addresses);
  }

  const dataDir = read('DATA_DIR') ?? '.shelflink-data';
  const port = integer('PORT', 3000, 65535);
  const host = read('HOST') ?? '127.0.0.1';
  const shortLinkPort = integer('SHORT_LINK_PORT', port + 1, 65535);
  const countryHeader = read('COUNTRY_HEADER') ?? 'CF-IPCountry';
  if (!/^[A-Za-z0-9-]+$/.test(countryHeader)) {
    problems.push(
      `COUNTRY_HEADER must be a header name, such as CF-IPCountry, not "${countryHeader}".`,
    );
  }
  const config: Config = {
    port,
    host,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    outboxDir: read('OUTBOX_DIR') ?? join(dataDir, 'outbox'),
    appOrigin: origin('APP_ORIGIN', 'http://127.0.0.1:5173'),
    adminEmails: emailList('ADMIN_EMAILS'),
    trustedProxies: proxyList('TRUSTED_PROXIES'),
    openLibraryOrigin: origin('OPEN_LIBRARY_ORIGIN', 'https://openlibrary.org'),
    googleBooksOrigin: origin('GOOGLE_BOOKS_ORIGIN', 'https://www.googleapis.com'),
    shortLinkPort,
    shortLinkOrigin: origin('SHORT_LINK_ORIGIN', `http://${host}:${shortLinkPort}`),
    countryHeader,
    geoDatabasePath: read('GEO_DATABASE'),
    drainSeconds: integer('DRAIN_SECONDS', 5, 300),
    metricsPort: read('METRICS_PORT') === undefined ? undefined : integer('METRICS_PORT', 0, 65535),
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1',
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
