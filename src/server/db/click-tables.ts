// The tables of the short-link host's clicks: the clicks as recorded, their daily roll-ups, and
// the daily salts of visitor keys.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { links } from './link-tables';

/** What sent a click: a reader, or traffic that is recorded but not counted. */
export const clickTraffic = ['reader', 'bot', 'head', 'prefetch'] as const;

/** What click roll-ups count by; a `retailer` value is `[retailer, storefront]` in JSON. */
export const clickDimensions = [
  'traffic',
  'retailer',
  'country',
  'referrer',
  'device',
  'store',
] as const;

/**
 * The short-link host's clicks as recorded. Identical clicks in one second (a reader's
 * double tap, a burst from one visitor) share a row that counts them, which keeps the
 * redirect path's writes small under load.
 */
export const clicks = pgTable(
  'clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    country: char('country', { length: 2 }),
    /** The referring site's host; null for a direct visit. */
    referrer: text('referrer'),
    /** `mobile`, `tablet`, `desktop`… as ua-parser-js names device types. */
    device: text('device'),
    os: text('os'),
    browser: text('browser'),
    /** Where this click was sent, which differs per visitor for localised links. */
    retailer: text('retailer').notNull().default(''),
    storefront: char('storefront', { length: 2 }),
    /** The store the reader chose on an all-stores page; null for a direct redirect. */
    store: text('store'),
    /** Only `reader` clicks can be counted; the others are kept to be shown apart. */
    traffic: text('traffic', { enum: clickTraffic }).notNull().default('reader'),
    /**
     * A keyed hash of the visitor's address and user agent under the day's salt, so repeats can
     * be recognised without keeping the address. Null for clicks recorded before it existed.
     */
    visitorKey: text('visitor_key'),
    /**
     * The visitor's first reader click on the link within the hour: the clicks counted. A repeat
     * within the hour is kept, but not counted.
     */
    isUnique: boolean('is_unique').notNull().default(true),
    /**
     * How many clicks the row stands for: the clicks of one second that agree on every other
     * column, from the first one's time. A unique click always has a row of its own.
     */
    count: integer('count').notNull().default(1),
  },
  (table) => [
    // Serves the uniqueness check (a batch's visitors' clicks within the hour) and link deletes.
    index('clicks_link_id_visitor_key_occurred_at_idx').on(
      table.linkId,
      table.visitorKey,
      table.occurredAt,
    ),
    check('clicks_count_positive', sql`${table.count} > 0`),
    check('clicks_unique_count_one', sql`not ${table.isUnique} or ${table.count} = 1`),
  ],
);

/**
 * Clicks per link, UTC day and value of one dimension, so that reports read a few rows per day
 * however many clicks there were. `traffic` counts every kind of click by its kind (the
 * `unique_clicks` of its `reader` row are the link's counted clicks); the other dimensions count
 * reader clicks only. An unknown value (no country, a direct visit) is the empty string.
 */
export const clickDailyCounts = pgTable(
  'click_daily_counts',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: clickDimensions }).notNull(),
    value: text('value').notNull(),
    clicks: integer('clicks').notNull(),
    uniqueClicks: integer('unique_clicks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.day, table.dimension, table.value] })],
);

/** The salt of each UTC day's visitor keys, shared by every server process. */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
