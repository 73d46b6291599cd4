import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Columns many tables share. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const userId = (name: string) => bigint(name, { mode: 'number' });
/** When a session or a one-time link stops being valid. */
export const expiresAt = () => timestamp('expires_at', { withTimezone: true }).notNull();
/** When a one-time link was used; empty until then. */
export const usedAt = () => timestamp('used_at', { withTimezone: true });
