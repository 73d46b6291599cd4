// `npm start [-- --dist dist]`: the whole product from one process — the built web app, the API
// under /api, on the embedded database in .shelflink-data/ (or PostgreSQL with DATABASE_URL),
// seeded with the demo on first start. Builds the app first when the build is missing or older
// than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiProblem } from '../src/server/http/api-problem.ts';
import { DEMO_ADMIN_EMAIL, DEMO_AUTHOR_EMAIL } from '../src/server/db/seed/demo-data.ts';
import { readConfigOrExit, startServer } from '../src/server/server.ts';
import { createWebApp } from './serve/app-server.ts';

/** What the build is made from; the server's own code is not part of it. */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  if (path === join('src', 'server')) return 0;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

function ensureBuild() {
  const index = join(distDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...BUILD_INPUTS.filter(existsSync).map(newestChange));
  if (built >= sources) return;
  console.info(built ? 'The app changed since its last build; building it.' : 'Building the app.');
  execFileSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
}

const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
// E-mailed links lead back to this server unless the deployment says otherwise.
const { values: options } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const distDir = options.dist;
const config = readConfigOrExit({ APP_ORIGIN: `http://${host}:${port}`, ...process.env });
// A build named with --dist is served as it is.
if (distDir === 'dist') ensureBuild();
const webApp = createWebApp({
  distDir,
  secure: config.appOrigin.startsWith('https:'),
  serveSourceMaps: false,
});
const server = await startServer({
  config,
  apiPrefix: '/api',
  seedDemo: true,
  extend(app) {
    app.addHook('onRequest', (_request, reply, done) => {
      webApp.setSharedHeaders(reply.raw);
      done();
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler(request, reply) {
        if (request.url === '/api' || request.url.startsWith('/api/')) throw ApiProblem.notFound();
        reply.hijack();
        return webApp.serve(request.raw, reply.raw);
      },
    });
  },
});

const store = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}/`;
const mailbox = config.smtpUrl ? 'your SMTP server' : `${config.outboxDir}/`;
const demo = server.demo
  ? `The demo is seeded: ${server.demo.links} links with ${server.demo.clicks} clicks over 90 days.\n`
  : '';
const demoAccounts = config.databaseUrl
  ? ''
  : ` with the demo author's address,
${server.demo?.authorEmail ?? DEMO_AUTHOR_EMAIL} (or ${server.demo?.adminEmail ?? DEMO_ADMIN_EMAIL}, an administrator)`;
console.info(`
Shelflink is running on ${server.origin}, with ${store}.
Short links open on ${server.shortLinkOrigin}.
${demo}Sign in at ${server.origin}/login${demoAccounts}.
Sign-in links are printed here and kept in ${mailbox}.
`);
