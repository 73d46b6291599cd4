import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface RunningPrism {
  origin: string;
  stop: () => Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const startupTimeoutMs = 30_000;
const pollIntervalMs = 200;

async function answersHttp(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startPrism(options: { port?: number } = {}): Promise<RunningPrism> {
  const port = options.port ?? 4011;
  const origin = `http://127.0.0.1:${port}`;
  // Otherwise the readiness poll below would mistake that server for the new Prism.
  if (await answersHttp(origin)) throw new Error(`Something already answers on ${origin}`);
  const prism = spawn(
    'node_modules/.bin/prism',
    ['mock', 'openapi/openapi.yaml', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  prism.stderr.setEncoding('utf8');
  prism.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  prism.on('error', (error) => {
    stderr += `${error.message}\n`;
  });
  const exited = new Promise<void>((resolve) => {
    prism.once('exit', () => {
      resolve();
    });
  });

  const stop = async (): Promise<void> => {
    if (prism.exitCode !== null || prism.signalCode !== null) return;
    prism.kill();
    await exited;
  };

  const deadline = Date.now() + startupTimeoutMs;
  while (!(await answersHttp(origin))) {
    if (prism.exitCode !== null || prism.signalCode !== null) {
      throw new Error(
        `Prism exited with code ${String(prism.exitCode)} before answering:\n${stderr}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `Prism did not answer on ${origin} within ${startupTimeoutMs} ms:\n${stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
  }
  return { origin, stop };
}
