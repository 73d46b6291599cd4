import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { accountOf } from './account-reply';
import { actingUserOf } from '../auth/request-auth';
import { upgradeAccount } from './upgrade';

/**
 * Refuses a new e-mail address: a change needs the new address confirmed first, or anyone could
 * take over an address, with its links waiting in the previous link product.
 */
function assertSameEmail(current: string, requested: string): void {
  if (requested.toLowerCase() === current) return;
  throw ApiProblem.invalid([
    {
      fieldName: 'Email',
      errorCode: 'EmailChangeUnavailable',
      message: 'Changing your e-mail address is not possible yet. Please write to support.',
    },
  ]);
}

export const accountHandlers = {
  async getAccount(_request, { db, auth }) {
    return { status: 200, body: await accountOf(db, actingUserOf(auth).id) };
  },

  async updateAccount({ body }, { db, auth }) {
    const user = actingUserOf(auth);
    assertSameEmail(user.email, body.email);
    await db
      .update(users)
      .set({ name: body.name.trim(), ...body.preferences })
      .where(eq(users.id, user.id));
    return { status: 200, body: await accountOf(db, user.id) };
  },

  async subscribeToUpdates(_request, { db, auth }) {
    await db
      .update(users)
      .set({ subscribed: true })
      .where(eq(users.id, actingUserOf(auth).id));
    return { status: 200, body: { subscribed: true } };
  },

  async upgradeAccount(_request, { db, clock, auth }) {
    return { status: 200, body: await upgradeAccount(db, actingUserOf(auth), clock.now()) };
  },
} satisfies Handlers;
