import type { components } from '../../api/schema';
import type { Handlers } from '../http/handler';
import type { RequestAuth } from './request-auth';
import { endSession, expiredSessionCookie, startSession } from './sessions';
import {
  previewSignInToken,
  redeemSignInToken,
  sendSignInLink,
  signInLinkLifetimeMinutes,
} from './sign-in-links';
import { recordSignIn, toAuthUser } from './users';

type AuthCheckReply = components['schemas']['AuthCheckReply'];

const signedOut: AuthCheckReply = { sessionId: '', userName: '', userId: '', roles: [] };

const failedSignIn: AuthCheckReply = {
  ...signedOut,
  responseStatus: {
    errorCode: 'TokenExpired',
    message: 'This sign-in link has expired or has already been used. Ask for a new one.',
    errors: [],
  },
};

/** The signed-in user, and the user an administrator acts as while impersonating. */
function authCheckReply(auth: RequestAuth | null): AuthCheckReply {
  if (!auth) return signedOut;
  const { signedInUser, actingUser } = auth;
  return {
    sessionId: auth.sessionId,
    userName: signedInUser.email,
    userId: String(signedInUser.id),
    email: signedInUser.email,
    roles: signedInUser.roles,
    ...(auth.impersonating && {
      impersonating: { userId: String(actingUser.id), email: actingUser.email },
    }),
  };
}

export const authHandlers = {
  authenticate(_request, { auth }) {
    return { status: 200, body: authCheckReply(auth) };
  },

  checkSession(_request, { auth }) {
    return { status: 200, body: authCheckReply(auth) };
  },

  async logout(_request, { db, config, auth }) {
    if (auth) await endSession(db, auth.sessionId);
    return { status: 204, headers: { 'Set-Cookie': expiredSessionCookie(config) } };
  },

  async sendSignInLink({ body, ip }, context) {
    const email = body.email.toLowerCase();
    await sendSignInLink(context, email, ip);
    return { status: 200, body: { email, expiresInMinutes: signInLinkLifetimeMinutes } };
  },

  async previewSignInLink({ body }, { db, clock }) {
    return { status: 200, body: { email: await previewSignInToken(db, body.token, clock.now()) } };
  },

  async login({ body }, context) {
    const now = context.clock.now();
    // One transaction: a sign-in that fails half-way leaves the link usable.
    const signedIn = await context.db.transaction(async (db) => {
      const email = await redeemSignInToken(db, body.token, now);
      if (email === undefined) return undefined;
      const user = toAuthUser(await recordSignIn(db, email, now), context.config);
      const { sessionId, cookie } = await startSession({ ...context, db }, user.id);
      return {
        auth: { sessionId, signedInUser: user, actingUser: user, impersonating: false },
        cookie,
      };
    });
    if (!signedIn) return { status: 200, body: failedSignIn };
    return {
      status: 200,
      headers: { 'Set-Cookie': signedIn.cookie },
      body: authCheckReply(signedIn.auth),
    };
  },
} satisfies Handlers;
