import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../deps';
import { ApiProblem } from '../http/api-problem';
import { impersonate } from './impersonation';
import { resumeSession, sessionCookieName } from './sessions';
import { toAuthUser, type AuthUser } from './users';

export interface RequestAuth {
  sessionId: string;
  /** The session's owner, whose roles decide what the request may do. */
  signedInUser: AuthUser;
  /** Who the request acts for: the user an administrator impersonates, or the signed-in user. */
  actingUser: AuthUser;
  /** Whether the request carried an `X-Impersonate` the server honoured. */
  impersonating: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** Resolves the session cookie and `X-Impersonate` into `request.auth` before any handler runs. */
export function authenticateRequests(deps: AppDeps): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const secret = request.cookies[sessionCookieName];
    const resumed = secret ? await resumeSession(deps, secret) : undefined;
    if (!resumed) return;
    if (resumed.renewalCookie) reply.header('set-cookie', resumed.renewalCookie);
    const signedInUser = toAuthUser(resumed.user, deps.config);
    const impersonated = request.routeOptions.config.acceptsImpersonation
      ? request.headers['x-impersonate']
      : undefined;
    const impersonatedUser =
      typeof impersonated === 'string'
        ? await impersonate(deps, request, signedInUser, impersonated)
        : undefined;
    request.auth = {
      sessionId: resumed.sessionId,
      signedInUser,
      actingUser: impersonatedUser ?? signedInUser,
      impersonating: impersonatedUser !== undefined,
    };
  };
}

/**
 * The glue security handler for the contract's `sessionCookie` scheme: 401 without a session,
 * 403 when the signed-in user lacks a role the operation lists.
 */
export function requireSession(
  request: FastifyRequest,
  _reply: FastifyReply,
  requiredRoles: string[],
): void {
  if (!request.auth) throw ApiProblem.unauthorized();
  const { roles } = request.auth.signedInUser;
  if (!requiredRoles.every((role) => roles.includes(role))) throw ApiProblem.forbidden();
}

/**
 * The user a signed-in operation acts for. The contract's security handler has already refused
 * a request without a session; this narrows the context's type and guards a misdeclared route.
 */
export function actingUserOf(auth: RequestAuth | null): AuthUser {
  if (!auth) throw ApiProblem.unauthorized();
  return auth.actingUser;
}

/**
 * The user who is signed in, also while they act as someone else: who made an administrator's
 * decision, for instance.
 */
export function signedInUserOf(auth: RequestAuth | null): AuthUser {
  if (!auth) throw ApiProblem.unauthorized();
  return auth.signedInUser;
}
