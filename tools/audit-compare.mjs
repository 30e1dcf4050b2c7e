// Two builds of the same pages measured against each other, as each lever of issue 33 was: Lighthouse
// (the audit's settings) alternating between build A and build B, the order swapped every round, and
// the floor (tools/audit-floor.mjs, with A's headers) in every round, so the machine's load weighs on
// both alike. Prints, for each page, each build's median LCP with its range, its ratio to the floor's
// median, Performance and TBT, and what came before the largest paint (tools/lcp-trace.mjs). A single
// audit before and another after a change differ by more than most levers do: this is the fairer test.
//
// A build is a folder of finished files: `dist/` as `tools/measurement-build.mjs` leaves it, or a copy
// of it edited by a script to try a change without building. A page edited after its compressed copies
// were made would be measured as it was (the server sends the .br copy), so those copies are made again
// first, by the build's own rule (compressedCopies), and the tool says which.
//
// Usage: node tools/audit-compare.mjs <build A> <build B> [/path ...]   (AUDIT_RUNS rounds, default 5)
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { compressedCopies } from '../src/integrations/precompress.mjs';
import {
  auditRuns,
  FLOOR,
  LCP_RATIO_TARGET,
  lcpOf,
  lighthouseRun,
  medianRun,
  startFloors,
} from './audit-floor.mjs';
import { CHROME_FLAGS, CHROME_PATH, startServer } from './measure-server.mjs';

const [buildA, buildB, ...paths] = process.argv.slice(2);
if (!buildA || !buildB) {
  console.error('Usage: node tools/audit-compare.mjs <build A> <build B> [/path ...]');
  process.exit(2);
}
const builds = { A: path.resolve(buildA), B: path.resolve(buildB) };
const pages = paths.length ? paths : ['/'];
const runs = auditRuns();

/** The file a path is served from, as the server finds it (`/a`: a.html or a/index.html). */
function pageFile(build, page) {
  const name = decodeURIComponent(page.split(/[?#]/)[0]).replace(/^\/+|\/+$/g, '');
  const candidates = name ? [`${name}.html`, path.join(name, 'index.html')] : ['index.html'];
  const found = candidates.map((file) => path.join(build, file)).find((file) => existsSync(file));
  if (!found) throw new Error(`${page}: no page in ${build}`);
  return found;
}

/** Makes a page's compressed copies again where they are not the page's bytes; true if it did. */
async function refreshCopies(file) {
  const bytes = readFileSync(file);
  const copies = [
    { extension: '.br', decode: brotliDecompressSync },
    { extension: '.gz', decode: gunzipSync },
  ].filter(({ extension }) => existsSync(file + extension));
  if (copies.every(({ extension, decode }) => decode(readFileSync(file + extension)).equals(bytes)))
    return false;
  for (const { extension } of copies) rmSync(file + extension);
  for (const copy of await compressedCopies(bytes, file)) writeFileSync(file + copy.extension, copy.bytes);
  return true;
}

for (const [name, build] of Object.entries(builds))
  for (const page of pages)
    if (await refreshCopies(pageFile(build, page)))
      console.log(`${name} ${page}: its compressed copies were older than the page, made again`);

const servers = { A: await startServer({ dist: builds.A }), B: await startServer({ dist: builds.B }) };
const floors = await startFloors({ build: builds.A });
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
/** @type {Map<string, any[]>} Lighthouse results by `${build} ${page}`, and the floor's */
const results = new Map();
const keep = (key, lhr) => results.set(key, [...(results.get(key) ?? []), lhr]);
try {
  for (let round = 0; round < runs; round += 1) {
    keep(FLOOR, await lighthouseRun(`${floors.origins[FLOOR]}/`, chrome.port));
    for (const page of pages)
      for (const name of round % 2 ? ['B', 'A'] : ['A', 'B'])
        keep(`${name} ${page}`, await lighthouseRun(servers[name].origin + page, chrome.port));
    process.stderr.write(`round ${round + 1} of ${runs}\n`);
  }
} finally {
  await chrome.kill();
  servers.A.stop();
  servers.B.stop();
  floors.stop();
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const floorLcp = lcpOf(medianRun(results.get(FLOOR)));
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)}` : '?');
const lines = [
  `Lighthouse, mobile settings, HTTP/1.1; ${runs} round(s), A and B alternating; load average ` +
    `${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} at the end`,
  `A: ${builds.A}`,
  `B: ${builds.B}`,
  `floor (A's headers): LCP ${ms(floorLcp)} ms (${results.get(FLOOR).map(lcpOf).map(ms).join(', ')})`,
  '',
  '| page | build | LCP, median (runs), ms | LCP / floor | Performance | TBT, ms | tasks with a layout | requests before the paint |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
for (const page of pages)
  for (const name of ['A', 'B']) {
    const lhrs = results.get(`${name} ${page}`);
    const lcp = median(lhrs.map(lcpOf));
    const ratio = lcp / floorLcp;
    const before = (key) => median(lhrs.map((lhr) => lhr.beforeLcp?.[key]));
    lines.push(
      `| ${page} | ${name} | ${ms(lcp)} (${lhrs.map(lcpOf).map(ms).join(', ')}) | ` +
        `${ratio.toFixed(2)}${ratio > LCP_RATIO_TARGET ? ' (!)' : ''} | ` +
        `${median(lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)))} | ` +
        `${ms(median(lhrs.map((lhr) => lhr.audits['total-blocking-time']?.numericValue)))} | ` +
        `${before('layoutTasks')}, ${ms(before('layoutTaskMs'))} ms | ${before('requests')} |`,
    );
  }
console.log(['', ...lines].join('\n'));
