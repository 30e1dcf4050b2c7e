// Lighthouse (mobile settings, the system Chromium) on the public page types; prints a table of
// the four category scores, LCP, TBT, CLS and the bytes each page loads, then the JavaScript budget
// table of tools/js-budget.mjs for the same pages; both tables are also written under reports/
// (git-ignored). Each page is measured AUDIT_RUNS times (default 5) and the run with the median LCP
// is shown, with the range of the runs beside it: single simulated runs vary by about ±0.1 s. The
// first row is the floor (tools/audit-floor.mjs): the smallest page there is (a heading and a
// paragraph, no stylesheet, no script) served by the same server code in the same rounds, and each
// page's LCP is also shown as a multiple of it (target: LCP_RATIO_TARGET). The floor is served with
// the build's own response headers (dist/_headers), as every page of the site is: its
// Cross-Origin-Opener-Policy makes Chromium start the page in a new browsing context group, in a
// renderer process that has run nothing yet, which a page without it does not pay (decision 0049). A
// second row measures the floor without those headers, so what they cost stays in view. The rounds
// interleave the pages, so the load of other work on the machine weighs on the floor and the pages
// alike (tools/audit-compare.mjs does the same for two builds of one page). A second table
// says, for the median run of each page, what came before its largest paint (tools/lcp-trace.mjs):
// what the simulated LCP counts. AUDIT_HTTP2=1 serves the build over HTTPS with HTTP/2 and Brotli
// (a self-signed certificate), as the static hosts do; by default it is `npm start`'s plain HTTP/1.1.
// Usage: npm run audit  (builds first)   or   node tools/audit.mjs [/path ...]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { FIRST_ROUND_TRIP_BYTES } from '../src/integrations/first-round-trip.mjs';
import {
  auditRuns,
  BARE_FLOOR,
  FLOOR,
  FLOORS,
  LCP_RATIO_TARGET,
  lcpOf,
  lighthouseRun,
  medianRun,
  startFloors,
} from './audit-floor.mjs';
import { AUDIT_PAGES } from './audit-pages.mjs';
import {
  CHROME_FLAGS,
  CHROME_HTTPS_FLAGS,
  CHROME_PATH,
  exitWithoutBuild,
  startServer,
} from './measure-server.mjs';
import { writeReport } from './report.mjs';

exitWithoutBuild(path.join(process.cwd(), 'dist'));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : AUDIT_PAGES;
const runs = auditRuns();
const http2 = process.env.AUDIT_HTTP2 === '1';

const seconds = (ms) => (typeof ms === 'number' ? `${(ms / 1000).toFixed(2)} s` : '?');

const server = await startServer({ http2 });
const floors = await startFloors({ build: path.join(process.cwd(), 'dist'), http2 });
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: http2 ? [...CHROME_FLAGS, ...CHROME_HTTPS_FLAGS] : CHROME_FLAGS,
});
const targets = [...FLOORS, ...pages];
/** @type {Map<string, any[]>} each page's Lighthouse results, one per round */
const results = new Map(targets.map((target) => [target, []]));
const rows = [];
try {
  for (let run = 0; run < runs; run += 1) {
    for (const target of targets) {
      const origin = floors.origins[target];
      const url = origin ? `${origin}/` : server.origin + target;
      results.get(target).push(await lighthouseRun(url, chrome.port));
    }
  }
  for (const target of targets) {
    const lhr = medianRun(results.get(target));
    // A run without an LCP (Lighthouse's NO_LCP) has no place in the range.
    const lcps = results.get(target).map(lcpOf).filter(Number.isFinite);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id];
    const items = audit('network-requests')?.details?.items ?? [];
    const bytesOf = (type) =>
      items
        .filter((i) => !type || i.resourceType === type)
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    rows.push({
      path: target,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcpMs: audit('largest-contentful-paint')?.numericValue,
      lcp: seconds(audit('largest-contentful-paint')?.numericValue),
      lcpRange: lcps.length > 1 ? `${seconds(Math.min(...lcps))}-${seconds(Math.max(...lcps))}` : '',
      before: lhr.beforeLcp,
      tbt: audit('total-blocking-time')?.displayValue ?? '?',
      cls: audit('cumulative-layout-shift')?.displayValue ?? '?',
      js: bytesOf('Script'),
      html: bytesOf('Document'),
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
  floors.stop();
}

const floorLcp = rows[0].lcpMs;
/** A page's LCP as a multiple of the floor's, marked (!) past LCP_RATIO_TARGET. */
function ratio(row) {
  if (row.path === FLOOR) return '1.00';
  if (row.path === BARE_FLOOR) return typeof row.lcpMs === 'number' ? (row.lcpMs / floorLcp).toFixed(2) : '?';
  if (typeof row.lcpMs !== 'number' || typeof floorLcp !== 'number' || floorLcp <= 0) return '?';
  const value = row.lcpMs / floorLcp;
  return `${value.toFixed(2)}${value > LCP_RATIO_TARGET ? ' (!)' : ''}`;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const FLOOR_LABELS = {
  [FLOOR]: `${FLOOR} (a heading and a paragraph, the site's headers)`,
  [BARE_FLOOR]: `${BARE_FLOOR} (the same without them: informative)`,
};
const lines = [
  `Lighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown), ${http2 ? 'HTTPS with HTTP/2' : 'HTTP/1.1'}; ` +
    `median LCP of ${runs} run(s); load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} at the end`,
  '',
  '| page | Performance | Accessibility | Best Practices | SEO | LCP | LCP / floor | TBT | CLS | JS | HTML | total |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${FLOOR_LABELS[r.path] ?? r.path} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.lcp}${r.lcpRange ? ` (${r.lcpRange})` : ''} | ${ratio(r)} | ${r.tbt} | ${r.cls} | ${kb(r.js)} | ${kb(r.html)}${r.html > FIRST_ROUND_TRIP_BYTES ? ' (!)' : ''} | ${kb(r.total)} |`,
  ),
  '',
  // tools/lcp-trace.mjs: what the simulated LCP counts, from the median run's trace.
  'Before the largest paint (the median run, unthrottled): what the simulated LCP counts four times over (the tasks that ran a layout) or on the slow connection (the requests that finished).',
  '',
  '| page | first paint | largest paint | tasks with a layout | all main-thread tasks | requests finished |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) => {
    const b = r.before;
    const ms = (n) => `${Math.round(n)} ms`;
    return b
      ? `| ${r.path} | ${ms(b.fcpMs)} | ${ms(b.lcpMs)} | ${b.layoutTasks}, ${ms(b.layoutTaskMs)} | ${ms(b.tasksMs)} | ${b.requests}, ${kb(b.requestBytes)} |`
      : `| ${r.path} | ? | ? | ? | ? | ? |`;
  }),
];
if (rows.some((r) => ratio(r).endsWith('(!)')))
  lines.push(
    '',
    `(!) in LCP / floor: more than ${LCP_RATIO_TARGET} times the floor's LCP, measured in the same rounds.`,
  );
if (rows.some((r) => r.html > FIRST_ROUND_TRIP_BYTES))
  lines.push(
    '',
    `(!) The HTML, with its headers, is larger than a first round trip carries (${FIRST_ROUND_TRIP_BYTES / 1000} KB): every` +
      ' request behind it starts one round trip later. See docs/performance.md.',
  );
for (const r of rows)
  if (!FLOORS.includes(r.path) && r.failing.length)
    lines.push('', `${r.path} audits below full marks: ${r.failing.join(', ')}`);
console.log('');
writeReport(http2 ? 'lighthouse-http2' : 'lighthouse', lines);

const budget = spawnSync(process.execPath, ['tools/js-budget.mjs', ...pages], { stdio: 'inherit' });
process.exitCode = budget.status ?? 1;
