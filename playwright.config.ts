import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const previewPort = process.env.E2E_PREVIEW_PORT ?? '4173';
const buildDirectory = process.env.E2E_BUILD_DIR ?? 'dist';
const appOrigin = `http://127.0.0.1:${previewPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: appOrigin,
    // The journeys point third-party hosts at a local receiver on a random port, which the
    // served policy does not list; tests/e2e/security.spec.ts checks the policy itself.
    bypassCSP: true,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'npm run mock',
      url: 'http://127.0.0.1:4010/auth/session',
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The production build; `npm test` builds it first.
      command: `npx vite preview --port ${previewPort} --outDir ${buildDirectory}`,
      url: appOrigin,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
