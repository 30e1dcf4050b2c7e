import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/test-setup.mjs';

// End-to-end tests run in the Chromium that `npm run test:setup` finds (CHROME_PATH, Debian's
// package, or Playwright's own: scripts/test-setup.mjs) against the production server that
// `npm start` runs. Form endpoints point at hosts that do not exist; every test intercepts them
// (tests/e2e/fixtures.ts), so no test ever reaches the network.
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

export const FAKE_ENDPOINTS = {
  contact: 'https://forms.example.test/f/contact',
  registration: 'https://forms.example.test/f/registration',
  confirmation: 'https://mail.example.test/confirm',
};

/** The admin account the build gets (tests/e2e/admin.spec.ts signs in with it). */
export const E2E_ADMIN = {
  username: 'practice-admin',
  password: 'Quiet river 42 lantern',
  // printf %s 'Quiet river 42 lantern' | sha256sum
  passwordSha256: '6cdbfe087472213f048b7ac2b516c9eeb5d827ba821398a064c0dfa0c712cfde',
};

const chromium = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: on the 2-core machine two tests (a held submit while an island loads, an
  // axe tour of the admin) have failed once under heavy load and passed on rerun. A retried test is
  // still reported as flaky in the output, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    // Phone size only where the layout differs: the tests tagged @layout (header and menu, panels,
    // forms, tables, the editor's toolbar, axe on every page type). Every other test runs once, on
    // the desktop (docs/development.md, "Which width a test runs at").
    { name: 'phone', grep: /@layout/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  webServer: {
    command: 'npm start',
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: 'https://www.example.org',
      PUBLIC_CONTACT_ENDPOINT: FAKE_ENDPOINTS.contact,
      PUBLIC_REGISTRATION_ENDPOINT: FAKE_ENDPOINTS.registration,
      PUBLIC_CONFIRMATION_ENDPOINT: FAKE_ENDPOINTS.confirmation,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD_SHA256: E2E_ADMIN.passwordSha256,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  },
});
