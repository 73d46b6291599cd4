import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDirectory } from '../support/build-output';
import { expect, test, testRuntimeConfig } from '../support/fixtures';
import { startProductionServer } from '../../scripts/support/production-server';
import { startThirdPartyReceiver } from '../../scripts/support/third-party-receiver';

// A tag-manager container loads from one host and sends what it collects to another, as
// Google's do. The production server's policy must let those calls through, for the
// deployment's env.js, or analytics fail silently once a visitor consents.

const MOCK_ORIGIN = 'http://127.0.0.1:4010';

test.use({ bypassCSP: false, visitor: 'author' });

test("the served policy lets the tag manager's container reach its collector", async ({
  page,
  receiver,
}) => {
  const collector = await startThirdPartyReceiver();
  const deployment = mkdtempSync(join(tmpdir(), 'shelflink-tag-policy-'));
  cpSync(buildDirectory, deployment, { recursive: true });
  const config = testRuntimeConfig(receiver, false);
  const envJs = {
    ...config,
    tagManager: { ...config.tagManager, collectOrigins: [collector.origin] },
  };
  writeFileSync(join(deployment, 'env.js'), `window.__SHELFLINK_ENV__ = ${JSON.stringify(envJs)};`);
  const server = await startProductionServer({ outDir: deployment, apiTarget: MOCK_ORIGIN });
  try {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // The deployment's own env.js, not the journeys' stand-in.
    await page.route('**/env.js', (route) => route.continue());
    // The receiver's container, standing in for the tag manager's, sends one hit.
    await page.route(`${receiver.origin}/gtm.js**`, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `fetch(${JSON.stringify(`${collector.origin}/g/collect?v=2`)}, { method: 'POST', body: 'en=page_view' });`,
      }),
    );

    await page.goto(`${server.origin}/links/books`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your links' })).toBeVisible();

    await expect.poll(() => collector.received().map((hit) => hit.path)).toContain('/g/collect');
    expect(violations).toEqual([]);
  } finally {
    await server.stop();
    await collector.stop();
  }
});
