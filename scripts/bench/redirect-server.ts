// The baseline of the redirect throughput runs: Node's HTTP server answering every request with
// the same redirect, the most a short-link host on this runtime and machine could answer.
// Listens on HOST:PORT, as the real server does.
import { createServer } from 'node:http';

const location = 'https://www.amazon.com/dp/B0BENCH000';

const server = createServer((_request, response) => {
  response.writeHead(302, { location, 'cache-control': 'no-store' }).end();
});
server.listen(Number(process.env.PORT), process.env.HOST);
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
});
