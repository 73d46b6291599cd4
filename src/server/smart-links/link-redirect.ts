// A redirect to a link's one store, and the click it records once the reply has gone out: the
// same for the host's routes and for its answer from the cache (cached-redirect.ts).
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from '../clock';
import { clickRecord, type RedirectOutcome } from './click-facts';
import type { ClickRecorder } from './click-recorder';
import { linkDestination, type Store } from './every-store';
import type { ShortLink } from './link-cache';
import type { VisitorSalts } from './visitor-salts';

/** Where a redirect sent its reader, recorded as a click once the reply is out. */
export interface ClickToRecord {
  outcome: RedirectOutcome;
  country: string | null;
}

/** What a click keeps of its request. */
export interface VisitRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** Hashed into the visitor key, never kept. */
  ip: string;
}

export interface ClickRecording {
  clock: Clock;
  clicks: ClickRecorder;
  salts: VisitorSalts;
  log: { warn(details: object, message: string): void };
}

/** A redirect's headers: never cached, so each visit is counted and a new destination applies. */
export function redirectHeaders(location: string): Record<string, string> {
  return { 'cache-control': 'no-store', location };
}

/** The query string of a request target, without the `?`. */
export function readerQuery(target: string): URLSearchParams {
  const query = target.indexOf('?');
  return new URLSearchParams(query === -1 ? '' : target.slice(query + 1));
}

interface Destination {
  href: string;
  storefront: string | null;
}

/**
 * A link's destinations by the reader's country, for visits without a query string, which are
 * most of them. A cached link is replaced, never changed, when it is edited, so its answers
 * stay right for as long as it is cached, and go with it.
 */
const destinationsByLink = new WeakMap<ShortLink, Map<string | null, Destination>>();

function destinationOf(
  link: ShortLink,
  country: string | null,
  query: URLSearchParams,
): Destination {
  const destination = () => {
    const { url, storefront } = linkDestination(link, country, query);
    return { href: url.href, storefront };
  };
  if (query.size > 0) return destination();
  let byCountry = destinationsByLink.get(link);
  if (!byCountry) destinationsByLink.set(link, (byCountry = new Map<string | null, Destination>()));
  let remembered = byCountry.get(country);
  if (!remembered) byCountry.set(country, (remembered = destination()));
  return remembered;
}

/** A link to one store: its localised, tagged destination and the click it counts. */
export function plainLinkRedirect(
  link: ShortLink,
  country: string | null,
  query: URLSearchParams,
): { location: string; click: ClickToRecord } {
  const { href, storefront } = destinationOf(link, country, query);
  const outcome = { linkId: link.id, retailer: link.retailer, storefront, store: null };
  return { location: href, click: { outcome, country } };
}

/** The click of a store chosen on an all-stores page, or remembered from one. */
export function storeClick(link: ShortLink, store: Store, country: string | null): ClickToRecord {
  const outcome = {
    linkId: link.id,
    retailer: store.retailer,
    storefront: store.storefront,
    store: store.storeId,
  };
  return { outcome, country };
}

/**
 * Records the click in the background. The day's visitor salt is read from the database once a
 * day; should that fail, only this click is lost, and the failure is logged.
 */
export function recordClick(
  recording: ClickRecording,
  { method, headers, ip }: VisitRequest,
  { outcome, country }: ClickToRecord,
): void {
  const occurredAt = recording.clock.now();
  const made = (salt: string) =>
    clickRecord({ method, headers, ip, country, occurredAt }, outcome, salt);
  const salt = recording.salts.readSaltFor(occurredAt);
  if (salt !== undefined) {
    recording.clicks.record(made(salt));
    return;
  }
  const click = recording.salts.saltFor(occurredAt).then(made);
  click.catch((error: unknown) => {
    // The message only: a failed query's error carries its parameters, here the day's salt.
    const reason = error instanceof Error ? error.message : String(error);
    recording.log.warn({ reason }, 'A click could not be recorded');
  });
  recording.clicks.recordWhenMade(click);
}
