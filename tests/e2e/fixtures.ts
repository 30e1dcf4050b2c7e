import { test as base, expect } from '@playwright/test';

/**
 * Every test starts with all off-site requests refused, so nothing reaches the network; tests that
 * exercise a form endpoint install their own route for it (later routes win in Playwright).
 */
export const test = base.extend<{ noNetwork: void }>({
  noNetwork: [
    async ({ page }, use) => {
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'));
      await use();
    },
    { auto: true },
  ],
});

export { expect };
