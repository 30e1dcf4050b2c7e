import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run in the system Chromium (Debian's package; CHROME_PATH overrides) against the
// production server that `npm start` runs. Form endpoints point at hosts that do not exist; every
// test intercepts them (tests/e2e/fixtures.ts), so no test ever reaches the network.
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

export const FAKE_ENDPOINTS = {
  contact: 'https://forms.example.test/f/contact',
  registration: 'https://forms.example.test/f/registration',
  confirmation: 'https://mail.example.test/confirm',
};

const chromium = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
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
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
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
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  },
});
