// `npm run server`: the API alone, its operations at the root, for `npm run dev` (Vite proxies
// /api to it) and for backend work. `npm start` runs the whole product instead.
import { readConfigOrExit, startServer } from './server';

const server = await startServer({
  config: readConfigOrExit(process.env),
  apiPrefix: '',
  seedDemo: true,
});
console.info(`Shelflink API on ${server.origin}, short links on ${server.shortLinkOrigin}`);
if (server.metricsOrigin) console.info(`Metrics on ${server.metricsOrigin}/metrics`);
