import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { auditLog } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { administratorRole, findUserById, toAuthUser, type AuthUser } from './users';

const administratorSubjectRefusal = 'Administrators may not act as another administrator.';

/**
 * The user an administrator acts as for this request, recorded in the audit log. Anyone else
 * sending `X-Impersonate` is refused, and so is an administrator naming another administrator,
 * whose attempt is recorded as refused. The contract allows only ids of up to 15 digits, which
 * a JavaScript number holds exactly.
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
  const user = await findUserById(deps.db, Number(userId));
  if (!user) throw ApiProblem.forbidden('There is no user with that id to act as.');
  const subject = toAuthUser(user, deps.config);
  const refusalReason = subject.roles.includes(administratorRole)
    ? administratorSubjectRefusal
    : null;
  await deps.db.insert(auditLog).values({
    occurredAt: deps.clock.now(),
    action: 'impersonate',
    actorId: signedInUser.id,
    subjectId: user.id,
    operationId: request.routeOptions.config.operationId ?? '',
    method: request.method,
    path: request.url,
    ip: request.ip,
    outcome: refusalReason ? 'refused' : 'allowed',
    refusalReason,
  });
  if (refusalReason) throw ApiProblem.forbidden(refusalReason);
  return subject;
}
