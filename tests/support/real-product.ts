// The real product for end-to-end journeys, as `npm start` runs it: the built app, the API and a
// fresh embedded database on free ports, with e-mail going to the outbox folder.
import { expect, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/support/free-port';
import { buildDirectory } from './build-output';
import { test } from './fixtures';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RealProduct {
  /** The app and its API. */
  origin: string;
  /** The short-link host. */
  shortLinkOrigin: string;
  /** How the app shows the short-link host before a link's ending: `127.0.0.1:41507`. */
  shortLinkHost: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the product and resolves once both of its origins answer. */
export async function startRealProduct(name: string): Promise<RealProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), `shelflink-${name}-`));
  const [port, shortLinkPort] = [await freePort(), await freePort()];
  const server = spawn(process.execPath, ['scripts/start.mjs', '--dist', buildDirectory], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      SHORT_LINK_PORT: String(shortLinkPort),
      DATA_DIR: dataDir,
      // No load balancer to drain from: stopping the product need not wait.
      DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const origins = await new Promise<{ origin: string; shortLinkOrigin: string }>(
    (resolve, reject) => {
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const running = /Shelflink is running on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        const shortLinks = /Short links open on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (running?.[1] && shortLinks?.[1]) {
          resolve({ origin: running[1], shortLinkOrigin: shortLinks[1] });
        }
      };
      server.stdout.on('data', collect);
      server.stderr.on('data', collect);
      void exited.then(() => {
        reject(new Error(`The product exited:\n${output}`));
      });
    },
  );
  return {
    ...origins,
    shortLinkHost: new URL(origins.shortLinkOrigin).host,
    dataDir,
    async stop() {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs this file's tests in order, signed out, against one real product started before them and
 * stopped after them. The answer is filled in once the product is up, before the first test.
 */
export function useRealProduct(name: string): RealProduct {
  test.describe.configure({ mode: 'serial' });
  test.use({ visitor: 'signed-out' });
  const product = {} as RealProduct;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    Object.assign(product, await startRealProduct(name));
  });
  test.afterAll(() => product.stop());
  return product;
}

/** The newest message the outbox holds for an address, with its long lines joined. */
export function messageMailedTo(product: RealProduct, email: string): string {
  const outbox = join(product.dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((name) => name.includes(email))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`No message to ${email} in ${outbox}`);
  // Quoted-printable may wrap long lines with a trailing `=`.
  return readFileSync(join(outbox, newest), 'utf8').replaceAll('=\n', '');
}

/** The link in the newest message the outbox holds for an address. */
export function linkMailedTo(
  product: RealProduct,
  email: string,
  path: '/login/' | '/confirm/' | '/confirm-email/',
): string {
  const text = messageMailedTo(product, email);
  const link = new RegExp(`${product.origin}${path}[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`The message to ${email} holds no ${path} link`);
  return link;
}

/** Signs in through the e-mailed link, as a reader of the outbox would. */
export async function signInByEmail(page: Page, product: RealProduct, email: string) {
  await page.goto(`${product.origin}/login`);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a sign-in link to ${email}`);
  await expect.poll(() => linkMailedTo(product, email, '/login/')).toContain('/login/');
  await page.goto(linkMailedTo(product, email, '/login/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Continue as ${email}?`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * Opens a short link as a reader would and answers the store address the browser went on to.
 * Stores can't be reached from here, so the browser's request for it is where the journey ends.
 */
export async function storeReached(page: Page, open: () => Promise<unknown>): Promise<string> {
  const storeRequest = page.waitForRequest(
    (request) => !request.url().startsWith('http://127.0.0.1'),
  );
  await open().catch(() => undefined);
  return (await storeRequest).url();
}
