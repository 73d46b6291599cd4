import { describe, expect, test } from 'vitest';
import { ServiceState } from '../../src/server/health/service-state';
import { buildApp } from '../../src/server/app';
import { setUpTestApp } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const getTestApp = setUpTestApp();

describe('the liveness and readiness checks', () => {
  test('an instance whose database answers is alive and ready, on the API and the short-link host', async () => {
    const testApp = getTestApp();
    const shortLinks = await buildTestShortLinkHost(testApp);
    try {
      for (const host of [testApp.app, shortLinks.host]) {
        const liveness = await host.inject({ method: 'GET', url: '/healthz' });
        expect(liveness.statusCode).toBe(200);
        expect(liveness.json()).toEqual({ status: 'alive' });
        const readiness = await host.inject({ method: 'GET', url: '/readyz' });
        expect(readiness.statusCode).toBe(200);
        expect(readiness.json()).toEqual({ status: 'ready' });
      }
    } finally {
      await shortLinks.close();
    }
  });

  test('a draining instance is alive but not ready, and still serves', async () => {
    const { deps } = getTestApp();
    const serviceState = new ServiceState();
    const app = buildApp({ ...deps, serviceState });
    serviceState.startDraining();
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(200);
    await app.close();
  });

  test('an instance whose database does not answer is alive but not ready', async () => {
    const { deps } = getTestApp();
    const failing = new Proxy(deps.db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return () =>
            Promise.reject(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }));
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const app = buildApp({ ...deps, db: failing });
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'database-unavailable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  test('no link can take the checks’ paths on the short-link host', async () => {
    const { app } = getTestApp();
    for (const code of ['healthz', 'readyz', 'metrics']) {
      const reply = await app.inject({
        method: 'GET',
        url: `/v1/vanity-codes/availability?domain=shelf.to&code=${code}`,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ isAvailable: false });
    }
  });
});
