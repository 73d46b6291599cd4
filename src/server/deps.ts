import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ServiceState } from './health/service-state';
import type { Mailer } from './mail/mailer';
import type { ProductLookup } from './products/product-lookup';
import type { LinkCache } from './smart-links/link-cache';

/** What the app is built from; tests pass an in-memory database, a capturing mailer and a clock. */
export interface AppDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  /** The short-link host's lookups, which the API's edits make it forget. */
  linkCache: LinkCache;
  /** Books by ISBN or store page; buildApp makes one from `config` when none is given. */
  products?: ProductLookup;
  /** Whether the instance is draining before shutdown; an app built without one never is. */
  serviceState?: ServiceState;
}
