// `npm run screenshots`: the staff guide's pictures (docs/admin-guide.md), taken from the real admin
// on the run's build (the end-to-end tests' server, playwright.config.ts) and written to docs/images/.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  projects: [{ name: 'screenshots', use: base.projects?.[0]?.use ?? {} }],
});
