import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteConnection } from '../../../src/server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder as a tar file, which each test's database starts from. */
    pgliteTemplateFile: string | undefined;
  }
}

/**
 * Migrates one PGlite database for the whole run and saves its data folder: starting a test's
 * database from that file skips both the migration and dumping a template for every test.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplateFile', undefined);
    return undefined;
  }
  const template = new PGlite();
  await pgliteConnection(template).migrate();
  const dataDir = await template.dumpDataDir('none');
  await template.close();
  const folder = mkdtempSync(join(tmpdir(), 'shelflink-pglite-template-'));
  const file = join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dataDir.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
