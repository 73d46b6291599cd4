// Links and what groups or reports on them: images, collections, link issues, and the
// previous product's links waiting to be upgraded.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { components } from '../../api/schema';
import { createdAt, updatedAt, userId } from './columns';
import { ownedByUser, users } from './account-tables';

type Schemas = components['schemas'];

/** Bytes, as `pg` (a Buffer) and PGlite (a Uint8Array) both return them. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
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
    /** The affiliate programs the author switched off for this link; the others tag it. */
    programsOff: jsonb('programs_off').$type<string[]>().notNull().default([]),
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
    /**
     * Why the link was disabled: an upheld reader's report, a stored address that breaks the
     * destination rule, or abuse, which only an administrator lifts.
     */
    disabledReason: text('disabled_reason', {
      enum: ['reportUpheld', 'destinationInvalid', 'abuse'],
    }),
    /** Listed apart from the links in use; it still sends readers on. */
    archived: boolean('archived').notNull().default(false),
    /** After this time the link sends readers to `expiryFallbackUrl`, or says it has ended. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiryFallbackUrl: text('expiry_fallback_url'),
    /** A deleted link is kept for its clicks; it answers readers that it was removed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When a deleted link gave its code up to a new link. Until then it holds the code: for its
     * owner to take again at once, for anyone else 30 days after the deletion.
     */
    codeReleasedAt: timestamp('code_released_at', { withTimezone: true }),
    /** An unclaimed link is deleted after this time unless a signup claims it. */
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    /** The hash of the key a signup needs to claim this link; null once the link has an owner. */
    claimKeyHash: text('claim_key_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('links_domain_code_lower_key')
      .on(table.domain, table.codeLower)
      .where(sql`${table.codeReleasedAt} is null`),
    index('links_owner_id_created_at_idx').on(table.ownerId, table.createdAt.desc()),
    index('links_owner_id_base_code_idx').on(table.ownerId, table.baseCode),
    // The Books screen's orders and retailer filter, within one author's links.
    index('links_owner_id_click_count_idx').on(table.ownerId, table.clickCount.desc()),
    index('links_owner_id_title_idx').on(table.ownerId, sql`lower(${table.title})`),
    index('links_owner_id_retailer_idx').on(table.ownerId, table.retailer),
    index('links_claim_expires_at_idx')
      .on(table.claimExpiresAt)
      .where(sql`${table.ownerId} is null`),
  ],
);

export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: ownedByUser('owner_id'),
    provider: text('provider').$type<Schemas['ImageProvider']>().notNull().default('cloudinary'),
    providerImageId: text('provider_image_id').notNull(),
    attributes: jsonb('attributes').$type<Schemas['ImageAttributes']>().notNull(),
    /** An uploaded image's WebP file; null for an image an image-hosting service keeps. */
    file: bytea('file'),
    createdAt: createdAt(),
  },
  (table) => [index('images_owner_id_idx').on(table.ownerId)],
);

export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    ownerId: ownedByUser('owner_id'),
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
