// Runs the built app server (dist-server/serve-app.js, from src/server/serve-app.ts; `npm run
// build` makes it) for a build of the app, for the end-to-end tests and the benchmark alike.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LocalCertificate } from './local-certificate.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const startupTimeoutMs = 60_000;

export interface RunningProductionServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built app server for the build in `outDir`, proxying /api to `apiTarget`, over HTTPS
 * with a certificate and on a free port unless given one. It counts as started when it prints
 * the address it serves on.
 */
export async function startProductionServer(options: {
  outDir: string;
  apiTarget: string;
  port?: number;
  certificate?: LocalCertificate;
}): Promise<RunningProductionServer> {
  const { certificate } = options;
  const server = spawn(
    process.execPath,
    [
      'dist-server/serve-app.js',
      ...['--dist', options.outDir, '--port', String(options.port ?? 0)],
      ...['--api-target', options.apiTarget],
      ...(certificate ? ['--cert', certificate.certFile, '--key', certificate.keyFile] : []),
    ],
    { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => {
    server.once('exit', () => {
      resolve();
    });
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const served = / on (https?:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (served?.[1]) resolve(served[1]);
      };
      server.stdout.on('data', collect);
      server.stderr.on('data', collect);
      void exited.then(() => {
        reject(new Error(`The app server exited:\n${output}`));
      });
      setTimeout(() => {
        reject(new Error(`The app server did not start in time:\n${output}`));
      }, startupTimeoutMs).unref();
    });
    return { origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
