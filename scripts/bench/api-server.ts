// The API as src/server/server.ts runs it (store, app, logging, connection limits; not the
// short-link host), for the benchmark's throughput runs, plus what production never does:
// leaving replies unchecked (`--no-reply-validation`), the baseline that shows what checking
// them costs. Configured by the server's environment (PORT, DATA_DIR, DATABASE_URL); never seeds.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { connectDatabase } from '../../src/server/db/database.ts';
import {
  applyConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
} from '../../src/server/http/connection-limits.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { readConfigOrExit } from '../../src/server/server.ts';
import { LinkCache } from '../../src/server/smart-links/link-cache.ts';

const { values } = parseArgs({ options: { 'no-reply-validation': { type: 'boolean' } } });
const config = readConfigOrExit(process.env);
const database = connectDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pglite'),
});
await database.migrate();
const app = buildApp(
  {
    db: database.db,
    mailer: createMailer(config),
    clock: systemClock,
    config,
    linkCache: new LinkCache(),
  },
  { logger: { level: 'info' }, validateReplies: values['no-reply-validation'] !== true },
);
applyConnectionLimits(app.server, DEFAULT_CONNECTION_LIMITS);
await app.listen({ port: config.port, host: config.host });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
