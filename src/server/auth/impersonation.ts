import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { auditLog } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { administratorRole, findUserById, toAuthUser, type AuthUser } from './users';

/**
 * The user an administrator acts as for this request, recorded in the audit log. Anyone else
 * sending `X-Impersonate` is refused.
 */
export async function impersonate(
  deps: AppDeps,
  request: FastifyRequest,
  signedInUser: AuthUser,
  userId: string,
): Promise<AuthUser> {
  if (!signedInUser.roles.includes(administratorRole)) {
    throw ApiProblem.forbidden('Only administrators may act as another user.');
  }
  const user = /^\d+$/.test(userId) ? await findUserById(deps.db, Number(userId)) : undefined;
  if (!user) throw ApiProblem.forbidden('There is no user with that id to act as.');
  await deps.db.insert(auditLog).values({
    occurredAt: deps.clock.now(),
    action: 'impersonate',
    actorId: signedInUser.id,
    subjectId: user.id,
    operationId: request.routeOptions.config.operationId ?? '',
    method: request.method,
    path: request.url,
    ip: request.ip,
  });
  return toAuthUser(user, deps.config);
}
