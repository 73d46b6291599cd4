import type { Database } from '../db/database';
import type { Handlers } from '../http/handler';
import { ServiceState } from './service-state';

/** An app built without a state of its own (in tests) is never draining. */
const neverDraining = new ServiceState();

/** The operations load balancers and orchestrators call every few seconds: not logged per call. */
export const probeOperations: ReadonlySet<string> = new Set(['checkLiveness', 'checkReadiness']);

export const healthHandlers = {
  checkLiveness: () => ({ status: 200, body: { status: 'alive' } }) as const,

  async checkReadiness(
    _request: unknown,
    { db, serviceState = neverDraining }: { db: Database; serviceState?: ServiceState | undefined },
  ) {
    const status = await serviceState.readiness(db);
    return status === 'ready'
      ? ({ status: 200, body: { status } } as const)
      : ({ status: 503, body: { status } } as const);
  },
} satisfies Handlers;
