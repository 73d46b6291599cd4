import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export const administratorRole = 'Administrator';

/** A user as the request context carries them. */
export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
}

/** Roles granted in the database, plus Administrator for the addresses in `ADMIN_EMAILS`. */
export function rolesOf(user: Pick<UserRow, 'email' | 'roles'>, config: Config): string[] {
  const roles = new Set(user.roles);
  if (config.adminEmails.has(user.email)) roles.add(administratorRole);
  return [...roles];
}

export function toAuthUser(
  user: Pick<UserRow, 'id' | 'email' | 'roles'>,
  config: Config,
): AuthUser {
  return { id: user.id, email: user.email, roles: rolesOf(user, config) };
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

/** The account for an address that just proved it is theirs, created on first sign-in. */
export async function recordSignIn(db: Database, email: string, at: Date): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ email, lastSignInAt: at })
    .onConflictDoUpdate({
      target: users.email,
      set: { lastSignInAt: sql`excluded.last_sign_in_at` },
    })
    .returning();
  if (!user) throw new Error(`No account for ${email} after signing in`);
  return user;
}
