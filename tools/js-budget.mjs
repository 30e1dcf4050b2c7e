// Prints, per page, the JavaScript a visitor downloads (gzip body bytes, headers excluded; measured on
// each script's own text at gzip's level 9, as the build's .gz copies, whatever encoding Chrome and the
// server agreed on, which is usually the smaller brotli): at page load,
// once every island on the page is in use (hydrated by a pointer or focus, as a visitor's first touch
// does), and after the visitor has done what the page is for (a search typed, a form sent), which
// may fetch code loaded only at that moment (fuse.js for typo-tolerant search, Dexie to keep a
// registration in the browser). Budgets: < 15 KB at load, < 90 KB with all islands in use; the
// last column is reported, not budgeted. Form endpoints are answered locally, never called.
// The table is also written to reports/js-budget.md.
// Usage: npm run build && node tools/js-budget.mjs [/path ...]
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, exitWithoutBuild, startServer } from './measure-server.mjs';
import { writeReport } from './report.mjs';

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
    const body = await (await request.response())?.body().catch(() => undefined);
    scripts.set(request.url(), body ? gzipSync(body, { level: 9 }).length : 0);
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  const inlineText = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')]
      .map((s) => s.textContent)
      .join('\n'),
  );
  const inlineBytes = gzipSync(inlineText, { level: 9 }).length; // served inside the compressed HTML
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
  const used = await useThePage(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const afterUse = [...scripts.values()].reduce((a, b) => a + b, 0) + inlineBytes;
  await context.close();
  return { path, islands, atLoad, inlineBytes, allIslands, afterUse, used };
}

/** Does what a visitor comes to the page for; returns what was done, or '' when nothing applies. */
async function useThePage(page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"success":true}' }),
  );
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  if (await search.count()) {
    await search.fill('rutine'); // a typo, so the fuzzy matcher is needed
    await page.waitForTimeout(500);
    return 'search typed';
  }
  const contact = page.locator('#contact-form');
  if (await contact.count()) {
    await contact.getByLabel(/^Name/).fill('Sam Lee');
    await contact.getByLabel(/^Email/).fill('sam@example.com');
    await contact.getByLabel(/^Message/).fill('A question about group sessions.');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#contact-status').getByText('Thank you').waitFor();
    return 'message sent';
  }
  const registration = page.locator('#registration-form');
  if (await registration.count()) {
    await registration.getByLabel(/^Full name/).fill('Priya Natarajan');
    await registration.getByLabel(/^Email/).fill('priya@example.com');
    await registration.getByLabel(/^Phone/).fill('+1 (647) 555-0190');
    await registration.getByLabel(/^Highest level of education/).selectOption('bachelors');
    await registration.getByLabel(/^Years of work experience/).fill('3');
    await page.locator('#registration-course-both').check();
    await registration.getByRole('button', { name: 'Register' }).click();
    await page.locator('#registration-status').getByText('Registration submitted').waitFor();
    return 'registration sent';
  }
  return '';
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
exitWithoutBuild(path.join(process.cwd(), 'dist'));
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
try {
  const rows = [];
  for (const path of pages) rows.push(await measure(browser, server.origin, path));
  const lines = [
    'JavaScript per page (gzip bytes; inline scripts counted at their gzip size)',
    '',
    '| page | islands | at load (total) | of which inline | all islands in use | within budget | after use (not budgeted) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const ok = r.atLoad < LOAD_BUDGET && r.allIslands < ALL_ISLANDS_BUDGET;
    const after = r.used ? `${kb(r.afterUse)} (${r.used})` : '-';
    lines.push(
      `| ${r.path} | ${r.islands} | ${kb(r.atLoad)} | ${kb(r.inlineBytes)} | ${kb(r.allIslands)} | ${ok ? 'yes' : 'NO'} | ${after} |`,
    );
  }
  console.log('');
  writeReport('js-budget', lines);
} finally {
  await browser.close();
  server.stop();
}
