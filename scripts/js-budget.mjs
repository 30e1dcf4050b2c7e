// Prints, per page, the JavaScript a visitor downloads (gzip body bytes, headers excluded): at page load, and
// once every island on the page has been used. Budgets: < 15 KB at load, < 90 KB with all islands.
// Usage: npm run build && node scripts/js-budget.mjs [/path ...]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, startServer } from './measure-server.mjs';

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/training', '/services/individual-therapy'];
const LOAD_BUDGET = 15 * 1024;
const ALL_ISLANDS_BUDGET = 90 * 1024;

async function measure(browser, origin, path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes().catch(() => undefined);
    scripts.set(request.url(), sizes ? sizes.responseBodySize : 0); // gzip bytes of the script itself
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  const inlineText = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')]
      .map((s) => s.textContent)
      .join('\n'),
  );
  const inlineBytes = gzipSync(inlineText).length; // served inside the gzip'd HTML
  const atLoad = [...scripts.values()].reduce((a, b) => a + b, 0) + inlineBytes;
  // Use every island: hover and focus inside each, as a visitor would.
  const islands = await page.locator('astro-island').count();
  for (let i = 0; i < islands; i += 1) {
    const island = page.locator('astro-island').nth(i);
    await island.dispatchEvent('pointerover').catch(() => {});
    await island.dispatchEvent('focusin').catch(() => {});
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const allIslands = [...scripts.values()].reduce((a, b) => a + b, 0) + inlineBytes;
  await context.close();
  return { path, islands, atLoad, inlineBytes, allIslands };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
try {
  const rows = [];
  for (const path of pages) rows.push(await measure(browser, server.origin, path));
  console.log('\nJavaScript per page (gzip bytes; inline scripts counted at their gzip size)\n');
  console.log('| page | islands | at load (total) | of which inline | all islands used | within budget |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const ok = r.atLoad < LOAD_BUDGET && r.allIslands < ALL_ISLANDS_BUDGET;
    console.log(
      `| ${r.path} | ${r.islands} | ${kb(r.atLoad)} | ${kb(r.inlineBytes)} | ${kb(r.allIslands)} | ${ok ? 'yes' : 'NO'} |`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
