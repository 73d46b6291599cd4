import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userId = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: userId('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    /** Roles granted in the database; `ADMIN_EMAILS` adds Administrator on top. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    plan: text('plan', { enum: ['legacy', 'standard'] })
      .$type<Schemas['Plan']>()
      .notNull()
      .default('standard'),
    subscribed: boolean('subscribed').notNull().default(false),
    weeklyReport: boolean('weekly_report').notNull().default(false),
    productNews: boolean('product_news').notNull().default(false),
    defaultStorefront: char('default_storefront', { length: 2 }).notNull().default('US'),
    upgradedAt: timestamp('upgraded_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [check('users_email_lower_case', sql`${table.email} = lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The public id, answered as `sessionId`; the cookie's secret is only stored hashed. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** What a signup's confirmation token carries: the unclaimed link and the affiliate token to save. */
export interface PendingClaim {
  linkId: string;
  affiliateProgramGuid?: string;
  affiliateParameters?: Schemas['AffiliateParameters'];
}

export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    /** `sign-in` for a sign-in link, `claim` for a signup's confirmation of a pending link. */
    purpose: text('purpose', { enum: ['sign-in', 'claim'] }).notNull(),
    payload: jsonb('payload').$type<PendingClaim>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_tokens_expires_at_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every server process, such as sign-in link requests. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    /** Null while the link is unclaimed. */
    ownerId: userId('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    code: text('code').notNull(),
    /** Codes are unique per domain regardless of case. */
    codeLower: text('code_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(code)`),
    baseCode: text('base_code').notNull(),
    url: text('url').notNull(),
    parameterKeyValues: jsonb('parameter_key_values')
      .$type<Schemas['ParameterKeyValues']>()
      .notNull()
      .default({}),
    affiliatePrograms: jsonb('affiliate_programs').$type<string[]>().notNull().default([]),
    /** Send each visitor to the retailer's storefront for their country. */
    localise: boolean('localise').notNull().default(false),
    /** Offer every retailer that sells the book instead of one destination. */
    allStores: boolean('all_stores').notNull().default(false),
    isbn: text('isbn'),
    title: text('title').notNull().default(''),
    author: text('author').notNull().default(''),
    coverImageUrl: text('cover_image_url'),
    retailer: text('retailer').notNull().default(''),
    storefront: char('storefront', { length: 2 }),
    /** Clicks counted so far (unique reader clicks), flushed in batches from the redirect path. */
    clickCount: bigint('click_count', { mode: 'number' }).notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** An unclaimed link is deleted after this time unless a signup claims it. */
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('links_domain_code_lower_key').on(table.domain, table.codeLower),
    index('links_owner_id_created_at_idx').on(table.ownerId, table.createdAt.desc()),
    index('links_owner_id_base_code_idx').on(table.ownerId, table.baseCode),
    index('links_claim_expires_at_idx')
      .on(table.claimExpiresAt)
      .where(sql`${table.ownerId} is null`),
  ],
);

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
  },
  // Serves the uniqueness check (a batch's visitors' clicks within the hour) and link deletes.
  (table) => [
    index('clicks_link_id_visitor_key_occurred_at_idx').on(
      table.linkId,
      table.visitorKey,
      table.occurredAt,
    ),
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

export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: userId('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<Schemas['ImageProvider']>().notNull().default('cloudinary'),
    providerImageId: text('provider_image_id').notNull(),
    attributes: jsonb('attributes').$type<Schemas['ImageAttributes']>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('images_owner_id_idx').on(table.ownerId)],
);

export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    ownerId: userId('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Empty when the collection has no alias. */
    aliasCode: text('alias_code').notNull().default(''),
    aliasCodeLower: text('alias_code_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(alias_code)`),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('collections_alias_code_lower_key')
      .on(table.aliasCodeLower)
      .where(sql`${table.aliasCode} <> ''`),
    index('collections_owner_id_created_at_idx').on(table.ownerId, table.createdAt.desc()),
  ],
);

export const collectionLinks = pgTable(
  'collection_links',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.linkId] }),
    index('collection_links_link_id_idx').on(table.linkId),
  ],
);

export const affiliateTokens = pgTable(
  'affiliate_tokens',
  {
    guid: uuid('guid').primaryKey().defaultRandom(),
    userId: userId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programGuid: uuid('program_guid').notNull(),
    parameters: jsonb('parameters').$type<Schemas['AffiliateParameters']>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('affiliate_tokens_user_id_program_guid_key').on(table.userId, table.programGuid),
  ],
);

export const appleServicesSettings = pgTable('apple_services_settings', {
  userId: userId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enrolled: boolean('enrolled').notNull().default(false),
  affiliateToken: text('affiliate_token').notNull().default(''),
  campaignToken: text('campaign_token').notNull().default(''),
  updatedAt: updatedAt(),
});

export const partnerEnrolments = pgTable('partner_enrolments', {
  userId: userId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  termsVersion: text('terms_version').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

export const linkIssueReports = pgTable(
  'link_issue_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Quoted to support, such as `LI-20261121-0042`. */
    reference: text('reference').notNull().unique(),
    linkId: text('link_id').references(() => links.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    code: text('code').notNull(),
    kind: text('kind').$type<Schemas['LinkIssueKind']>().notNull(),
    details: text('details').notNull(),
    email: text('email'),
    reporterId: userId('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When an administrator upheld or dismissed the report; null while it waits. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    outcome: text('outcome').$type<Schemas['LinkIssueOutcome']>(),
    resolvedBy: userId('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('link_issue_reports_link_id_idx').on(table.linkId),
    index('link_issue_reports_resolved_at_created_at_idx').on(table.resolvedAt, table.createdAt),
  ],
);

/** Links of the previous link product, by owner e-mail, waiting for `POST /v1/upgrade`. */
export const legacyLinks = pgTable(
  'legacy_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    domain: text('domain').notNull(),
    code: text('code').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    clickCount: bigint('click_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    migratedAt: timestamp('migrated_at', { withTimezone: true }),
    migratedLinkId: text('migrated_link_id').references(() => links.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('legacy_links_email_idx').on(table.email),
    check('legacy_links_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * What administrators did as someone else. User ids are kept without foreign keys so the
 * record outlives deleted accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    action: text('action', { enum: ['impersonate'] }).notNull(),
    actorId: userId('actor_id').notNull(),
    subjectId: userId('subject_id').notNull(),
    operationId: text('operation_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    ip: text('ip').notNull(),
  },
  (table) => [
    index('audit_log_actor_id_occurred_at_idx').on(table.actorId, table.occurredAt),
    index('audit_log_subject_id_occurred_at_idx').on(table.subjectId, table.occurredAt),
  ],
);
