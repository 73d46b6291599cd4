// Accounts: people, their sessions and sign-in links, affiliate settings, and the audit log.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { components } from '../../api/schema';
import { createdAt, expiresAt, updatedAt, usedAt, userId } from './columns';

type Schemas = components['schemas'];

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

/** A column naming the user a row belongs to: deleting the user deletes the row. */
export const ownedByUser = (name: string) =>
  userId(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** The public id, answered as `sessionId`; the cookie's secret is only stored hashed. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedByUser('user_id'),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
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
    expiresAt: expiresAt(),
    usedAt: usedAt(),
  },
  (table) => [index('sign_in_tokens_expires_at_idx').on(table.expiresAt)],
);

/**
 * An account's asked-for change of e-mail address, waiting for the link mailed to the new address.
 * The token is bound to the account and the address; only its hash is stored. A row stays after
 * its use so that the link can say it was already used; a newer request or a cancellation deletes
 * the unused ones.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedByUser('user_id'),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    usedAt: usedAt(),
  },
  (table) => [
    index('email_changes_user_id_idx').on(table.userId),
    check('email_changes_new_email_lower_case', sql`${table.newEmail} = lower(${table.newEmail})`),
  ],
);

/** Fixed-window counters shared by every server process, such as sign-in link requests. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const affiliateTokens = pgTable(
  'affiliate_tokens',
  {
    guid: uuid('guid').primaryKey().defaultRandom(),
    userId: ownedByUser('user_id'),
    programGuid: uuid('program_guid').notNull(),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull(),
    /**
     * False only for the Apple Services token of an author who left the program: the row keeps
     * the values for coming back, and never tags nor is listed as a token.
     */
    enrolled: boolean('enrolled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('affiliate_tokens_user_id_program_guid_key').on(table.userId, table.programGuid),
  ],
);

export const partnerEnrolments = pgTable('partner_enrolments', {
  userId: userId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  termsVersion: text('terms_version').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

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
    /** Whether the server let the actor act as the subject; rows before outcomes were kept were all allowed. */
    outcome: text('outcome', { enum: ['allowed', 'refused'] })
      .notNull()
      .default('allowed'),
    /** Why a refused attempt was refused, as its answer said. */
    refusalReason: text('refusal_reason'),
  },
  (table) => [
    index('audit_log_actor_id_occurred_at_idx').on(table.actorId, table.occurredAt),
    index('audit_log_subject_id_occurred_at_idx').on(table.subjectId, table.occurredAt),
  ],
);
