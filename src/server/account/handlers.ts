import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Handlers } from '../http/handler';
import { accountOf } from './account-reply';
import { actingUserOf } from '../auth/request-auth';
import {
  assertDeliverable,
  assertOwnerActs,
  cancelEmailChange,
  confirmEmailChange,
  requestEmailChange,
} from './email-change';
import { upgradeAccount } from './upgrade';

export const accountHandlers = {
  async getAccount(_request, { db, clock, auth }) {
    return { status: 200, body: await accountOf(db, actingUserOf(auth).id, clock.now()) };
  },

  /** Saves the name and preferences; a new address waits for its confirmation link. */
  async updateAccount({ body, ip }, context) {
    const { db, clock, auth } = context;
    const user = actingUserOf(auth);
    const email = body.email.toLowerCase();
    if (email !== user.email) {
      assertOwnerActs(auth?.impersonating ?? false);
      assertDeliverable(email);
      // First, so that a refused request (429) saves nothing of the form.
      await requestEmailChange(context, user, email, ip);
    }
    await db
      .update(users)
      .set({ name: body.name.trim(), ...body.preferences })
      .where(eq(users.id, user.id));
    return { status: 200, body: await accountOf(db, user.id, clock.now()) };
  },

  async confirmEmailChange({ body }, { db, clock }) {
    const now = clock.now();
    const userId = await confirmEmailChange(db, body.token, now);
    return { status: 200, body: await accountOf(db, userId, now) };
  },

  async cancelPendingEmail(_request, { db, clock, auth }) {
    const user = actingUserOf(auth);
    assertOwnerActs(auth?.impersonating ?? false);
    await cancelEmailChange(db, user.id);
    return { status: 200, body: await accountOf(db, user.id, clock.now()) };
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
