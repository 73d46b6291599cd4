import { describe, expect, test } from 'vitest';
import { missingProductionDependencies } from '../../../scripts/build/server-build';

describe('the server build’s check of its imports', () => {
  const dependencies = { fastify: '5.12.8', '@electric-sql/pglite': '0.5.16' };

  test('passes packages a production install has, by their subpaths too, and Node’s own modules', () => {
    expect(
      missingProductionDependencies(
        ['fastify', '@electric-sql/pglite/vector', 'node:fs', 'crypto'],
        dependencies,
      ),
    ).toEqual([]);
  });

  test('names each package that only a development install has, once', () => {
    expect(
      missingProductionDependencies(
        ['vite', 'drizzle-kit/api', 'vite/module-runner', '@types/node'],
        dependencies,
      ),
    ).toEqual(['@types/node', 'drizzle-kit', 'vite']);
  });
});
