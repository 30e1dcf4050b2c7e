import { defineConfig, devices } from '@playwright/test';
import { E2E_CHROMIUM_ARGS, chromiumPath, e2eChromiumPath } from './tools/test-setup.mjs';
import { FORM_ROUTES } from './src/lib/config/shared.mjs';
import { E2E_ADMIN, TEST_BUILD_DIR } from './tools/test-build.mjs';

// End-to-end tests run in the Chromium that `npm run test:setup` finds (CHROME_PATH, Debian's
// headless shell or its browser, or Playwright's own: tools/test-setup.mjs, decision 0040) against
// the production server on the run's one build (tools/test-build.mjs: dist-test/, made once per
// `npm test`). That build leaves the form endpoints unset, as a practice with SMTP does: the forms
// post to routes of this same server, which the tests intercept (tests/e2e/fixtures.ts), so no test
// sends mail or reaches the network; tests/e2e/mail.spec.ts starts its own server on the build with
// SMTP set.
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

/** Where the build's forms post: routes of the server itself (src/lib/config/shared.mjs). */
export const FORM_ENDPOINTS = {
  contact: baseURL + FORM_ROUTES.contact,
  registration: baseURL + FORM_ROUTES.registration,
  confirmation: baseURL + FORM_ROUTES.confirmation,
};

export { E2E_ADMIN };

const chromium = {
  executablePath: e2eChromiumPath(),
  args: E2E_CHROMIUM_ARGS,
};
// The tests tagged @full-browser check what Chromium's headless shell does not do as a visitor's
// browser does (it fetches lazy pictures at once, judges no site installable): they run in the full
// browser, in projects of their own (a browser is chosen per worker, so per project).
const fullChromium = { executablePath: chromiumPath(), args: E2E_CHROMIUM_ARGS };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const phone = devices['Pixel 7'];
const phoneTests = /@layout|@phone-only/;

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
    // Recording a trace (a screenshot and DOM snapshot at every step) for every test, to keep it only
    // on failure, took a third of the run's time (decision 0042). A failed test is retried in CI, and
    // the retry is recorded; to record locally, add `--trace on` to the command.
    trace: 'on-first-retry',
    serviceWorkers: 'block',
  },
  projects: [
    // Every test but those of what only a phone has (@phone-only: the slide-in menu), which would
    // only be skipped here.
    {
      name: 'desktop',
      grepInvert: [/@phone-only/, /@full-browser/],
      use: { ...desktop, launchOptions: chromium },
    },
    // Phone size only where the layout differs: the tests tagged @layout (header and menu, panels,
    // forms, tables, the editor's toolbar, axe on every page type) and @phone-only. Every other test
    // runs once, on the desktop (docs/development.md, "Which width a test runs at").
    {
      name: 'phone',
      grep: phoneTests,
      grepInvert: /@full-browser/,
      use: { ...phone, launchOptions: chromium },
    },
    {
      name: 'desktop, full browser',
      grep: /@full-browser/,
      grepInvert: /@phone-only/,
      use: { ...desktop, launchOptions: fullChromium },
    },
    {
      name: 'phone, full browser',
      grep: new RegExp(`^(?=.*@full-browser)(?=.*(${phoneTests.source}))`), // both tags
      use: { ...phone, launchOptions: fullChromium },
    },
  ],
  webServer: {
    // Builds dist-test/ (kept when `npm test` made it: TEST_BUILD_REUSE=1), then serves it.
    command: `node tools/test-build.mjs && node server/serve.mjs ${TEST_BUILD_DIR}`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', ASTRO_TELEMETRY_DISABLED: '1' },
  },
});
