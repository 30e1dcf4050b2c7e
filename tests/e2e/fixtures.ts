import { test as base, expect, type Locator } from '@playwright/test';

/**
 * Every test starts with all off-site requests refused, so nothing reaches the network; tests that
 * exercise a form endpoint install their own route for it (later routes win in Playwright).
 */
export const test = base.extend<{ noNetwork: void }>({
  noNetwork: [
    async ({ page }, use) => {
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'));
      // The admin looks for decap-server on localhost:8081 (src/lib/publish/connection.ts): a developer's
      // own `npm run cms` must not change what a test sees. publish.spec.ts points it at its own server.
      await page.route(/^http:\/\/localhost:8081\//, (route) => route.abort('connectionrefused'));
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/** Pastes HTML into an editable element as a browser paste event does (what a word processor puts on the clipboard). */
export async function pasteHtml(target: Locator, html: string, plainText: string): Promise<void> {
  await target.evaluate(
    (element, [htmlData, textData]) => {
      const data = new DataTransfer();
      data.setData('text/html', htmlData!);
      data.setData('text/plain', textData!);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [html, plainText],
  );
}
