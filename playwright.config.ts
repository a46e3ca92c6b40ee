import { defineConfig, devices } from '@playwright/test';

// One port per run, shared with the workers through the environment.
const port = Number((process.env.E2E_PORT ??= String(4100 + (process.pid % 800))));
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Journeys only an administrator takes, and the checker of the served HTML (the same bytes on any
 * screen), run on the desktop; so do the tests tagged @desktop. The phone walks what homeowners and
 * contractors do, and the admin's tables, menu and sign-out (docs/decisions/0136-browser-projects.md).
 */
const DESKTOP_ONLY =
  /\/(admin-forms|admin-lead-routing|admin-counties|dashboard-charts|credentials|outbox|html-validity)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', testIgnore: /process\.spec/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      testIgnore: [/process\.spec/, DESKTOP_ONLY],
      grepInvert: /@desktop/,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    // Starts and stops its own server processes; needs no browser.
    { name: 'process', testMatch: /process\.spec/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-0000',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      RATE_LIMIT: 'false',
      // The homeowner's review follow-up goes out as soon as a lead is settled (docs/decisions/0050-review-follow-up.md).
      FOLLOW_UP_DELAY: '0',
    },
  },
});
