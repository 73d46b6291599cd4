// The whole product from one process, built as dist-server/start.js and run with `node` (`npm
// start` builds it first when needed): the built web app, the API under /api, on the embedded
// database in .shelflink-data/ (or PostgreSQL with DATABASE_URL), seeded with the demo on first
// start. `--dist <folder>` serves another build of the app.
import { parseArgs } from 'node:util';
import { ApiProblem } from './http/api-problem';
import { DEMO_ADMIN_EMAIL, DEMO_AUTHOR_EMAIL } from './db/seed/demo-data';
import { readConfigOrExit, startServer } from './server';
import { createWebApp } from './web-app/app-server';

const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
// E-mailed links lead back to this server unless the deployment says otherwise.
const { values: options } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const distDir = options.dist;
const config = readConfigOrExit({ APP_ORIGIN: `http://${host}:${port}`, ...process.env });
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
${server.metricsOrigin ? `Metrics are served on ${server.metricsOrigin}/metrics.\n` : ''}${demo}Sign in at ${server.origin}/login${demoAccounts}.
Sign-in links are printed here and kept in ${mailbox}.
`);
