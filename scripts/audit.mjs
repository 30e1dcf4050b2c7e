// Lighthouse (mobile settings, the system Chromium) on the public page types; prints a table of
// the four category scores, LCP, TBT, CLS and the bytes each page loads, then the JavaScript budget
// table of scripts/js-budget.mjs for the same pages.
// Usage: npm run audit  (builds first)   or   node scripts/audit.mjs [/path ...]
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, startServer } from './measure-server.mjs';

// Every public page type: home, training, a service page, the blog, a post, the sign-in page.
const AUDIT_PAGES = [
  '/',
  '/training',
  '/services/individual-therapy',
  '/blog',
  '/blog/visual-schedules-a-practical-guide-for-families',
  '/login',
];
const pages = process.argv.slice(2).length ? process.argv.slice(2) : AUDIT_PAGES;

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const rows = [];
try {
  for (const path of pages) {
    const result = await lighthouse(server.origin + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id];
    const items = audit('network-requests')?.details?.items ?? [];
    const bytesOf = (type) =>
      items
        .filter((i) => !type || i.resourceType === type)
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    rows.push({
      path,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: audit('largest-contentful-paint')?.displayValue ?? '?',
      tbt: audit('total-blocking-time')?.displayValue ?? '?',
      cls: audit('cumulative-layout-shift')?.displayValue ?? '?',
      js: bytesOf('Script'),
      total: bytesOf(),
      failing: Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .map((a) => a.id),
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('\nLighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown)\n');
console.log('| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | JS | total |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.path} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${kb(r.js)} | ${kb(r.total)} |`,
  );
}
for (const r of rows)
  if (r.failing.length) console.log(`\n${r.path} audits below full marks: ${r.failing.join(', ')}`);

const budget = spawnSync(process.execPath, ['scripts/js-budget.mjs', ...pages], { stdio: 'inherit' });
process.exitCode = budget.status ?? 1;
