// Fetches addresses that users give, and the book services' APIs, without letting them reach the
// server's own network: every hop's host is resolved, checked and connected to by the address
// checked (the name still goes out as SNI and Host), redirects are followed by hand and checked
// the same way, and the whole fetch is capped in size and time.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { hostAsAddress, isPublicAddress, type LookupAll } from './public-address';

export type FetchFailure =
  | 'url'
  | 'port'
  | 'address'
  | 'redirects'
  | 'status'
  | 'contentType'
  | 'tooLarge'
  | 'timeout'
  | 'network';

export class FetchError extends Error {
  constructor(
    readonly failure: FetchFailure,
    message: string,
    /** The HTTP status, for a `status` failure. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface SafeFetcherOptions {
  /** Origins reached on their own port; any other address only on 80 or 443. */
  allowedOrigins?: readonly string[];
  /** A non-public address to connect to all the same: tests allow 127.0.0.1, production none. */
  allowAddress?: (address: string) => boolean;
  lookup?: LookupAll;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** Where the page was found, after redirects: relative links resolve against it. */
  url: URL;
  html: string;
}

export interface SafeFetcher {
  /** A web page's HTML, cut at the size limit: what a preview needs is in the page's head. */
  html(url: string): Promise<FetchedPage>;
  /** A JSON reply, parsed; a reply over the size limit fails. */
  json(url: string): Promise<unknown>;
}

type BodyKind = 'html' | 'json';

const accepts: Record<BodyKind, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  json: 'application/json',
};

const contentTypes: Record<BodyKind, RegExp> = {
  html: /^(text\/html|application\/xhtml\+xml)\s*(;|$)/i,
  json: /^application\/([\w.-]+\+)?json\s*(;|$)/i,
};

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const userAgent = 'ShelflinkBot/1.0 (+https://shelflink.app; link previews)';

interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Connects to the address already checked instead of resolving the name again. */
function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function get(url: URL, pinned: PinnedAddress, kind: BodyKind, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    client
      .get(
        url,
        {
          // A pooled connection would outlive the check that allowed it.
          agent: false,
          headers: {
            accept: accepts[kind],
            'accept-encoding': 'identity',
            'user-agent': userAgent,
          },
          lookup: pinnedLookup(pinned),
          signal,
        },
        resolve,
      )
      .on('error', reject);
  });
}

function charsetOf(contentType: string): string {
  return /;\s*charset="?([\w-]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** Rejects when the signal aborts, so that no step of a fetch (DNS included) outlasts it. */
function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener(
      'abort',
      () => {
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const {
    allowedOrigins = [],
    allowAddress = () => false,
    lookup = systemLookup,
    maxBytes = 1024 * 1024,
    timeoutMs = 4000,
    maxRedirects = 3,
  } = options;

  async function addressToConnect(url: URL): Promise<PinnedAddress> {
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
      throw new FetchError('url', `${url.protocol}// addresses and credentials are not fetched`);
    }
    if (!['', '80', '443'].includes(url.port) && !allowedOrigins.includes(url.origin)) {
      throw new FetchError('port', `Port ${url.port} is not fetched`);
    }
    // Every answer must be public (or the test's allowed address), and the connection goes to
    // the address checked, so a second DNS answer cannot point it elsewhere.
    const literal = hostAsAddress(url.hostname);
    const answers = literal
      ? [{ address: literal, family: isIP(literal) }]
      : await lookup(url.hostname);
    const [first] = answers;
    const allowed = ({ address }: { address: string }) =>
      isPublicAddress(address) || allowAddress(address);
    if (!first || !answers.every(allowed)) {
      throw new FetchError('address', `${url.hostname} does not resolve to a public address`);
    }
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  /** The first reply that is not a redirect, every hop checked before it is connected to. */
  async function follow(start: URL, kind: BodyKind, signal: AbortSignal) {
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const response = await get(url, await addressToConnect(url), kind, signal);
      const location = response.headers.location;
      if (!redirectStatuses.has(response.statusCode ?? 0) || location === undefined) {
        return { url, response };
      }
      response.destroy();
      if (redirects === maxRedirects) {
        throw new FetchError('redirects', `More than ${maxRedirects} redirects from ${start.href}`);
      }
      url = new URL(location, url);
    }
  }

  async function readBody(response: IncomingMessage, kind: BodyKind): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= maxBytes) continue;
      if (kind === 'json') throw new FetchError('tooLarge', `The reply is over ${maxBytes} bytes`);
      break;
    }
    const contentType = response.headers['content-type'] ?? '';
    return decode(Buffer.concat(chunks).subarray(0, maxBytes), charsetOf(contentType));
  }

  async function fetchBody(address: string, kind: BodyKind, signal: AbortSignal) {
    const start = URL.parse(address);
    if (!start) throw new FetchError('url', `${address} is not a URL`);
    const { url, response } = await follow(start, kind, signal);
    const status = response.statusCode ?? 0;
    const contentType = response.headers['content-type'] ?? '';
    if (status < 200 || status > 299) {
      response.destroy();
      throw new FetchError('status', `${url.href} answered ${status}`, status);
    }
    if (!contentTypes[kind].test(contentType)) {
      response.destroy();
      throw new FetchError('contentType', `${url.href} sent ${contentType || 'no content type'}`);
    }
    return { url, text: await readBody(response, kind) };
  }

  async function fetchWithin(address: string, kind: BodyKind) {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await Promise.race([fetchBody(address, kind, signal), whenAborted(signal)]);
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (signal.aborted) throw new FetchError('timeout', `${address} took over ${timeoutMs} ms`);
      throw new FetchError('network', `${address} could not be fetched: ${String(error)}`);
    }
  }

  return {
    async html(address) {
      const { url, text } = await fetchWithin(address, 'html');
      return { url, html: text };
    },
    async json(address) {
      const { url, text } = await fetchWithin(address, 'json');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new FetchError('contentType', `${url.href} sent malformed JSON`);
      }
    },
  };
}
