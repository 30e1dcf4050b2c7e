// What `npm run audit` (tools/audit.mjs) and its two-build comparison (tools/audit-compare.mjs)
// share: the floor every page's LCP is compared with, its two servers, one Lighthouse run with what
// came before its largest paint, the number of rounds and the median of a page's runs.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { beforeLcp } from './lcp-trace.mjs';
import { startServer } from './measure-server.mjs';

/** How many rounds each page is measured: AUDIT_RUNS, 5 by default (single runs vary by ±0.1 s). */
export const auditRuns = (env = process.env) => Math.max(1, Number(env.AUDIT_RUNS) || 5);

/** Each page's LCP should stay within this multiple of the floor's (issue 33). */
export const LCP_RATIO_TARGET = 1.15;
export const FLOOR = 'floor';
/** The same page served without the site's response headers: informative, not the ratio's base. */
export const BARE_FLOOR = 'bare floor';
/** Both, in the order they are measured and printed. */
export const FLOORS = [FLOOR, BARE_FLOOR];

/**
 * The fastest page possible from this server on this connection: what every page's LCP is compared
 * with. Text only, so its largest paint is the paragraph, painted as soon as the HTML has arrived.
 */
export const FLOOR_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
<meta name="description" content="The smallest page: what every page's LCP is compared with.">
</head>
<body>
<h1>The floor</h1>
<p>A heading and a paragraph, no stylesheet and no script: the fastest page this server can send.</p>
</body>
</html>
`;

/**
 * The floor served by the same server code as the pages: with the build's own response headers
 * (`<build>/_headers`), as every page of the site is served, and, for information, without them
 * (decision 0049: their Cross-Origin-Opener-Policy starts the page in a new renderer process).
 * @param {{ build: string, http2?: boolean }} options `build`: the folder whose headers apply
 * @returns {Promise<{ origins: Record<string, string>, stop: () => void }>} origins by floor
 */
export async function startFloors({ build, http2 = false }) {
  const headers = path.join(build, '_headers');
  if (!existsSync(headers)) throw new Error(`No ${headers}: the floor is served with the build's headers.`);
  const folders = { [FLOOR]: mkdtempSync(path.join(os.tmpdir(), 'audit-floor-')) };
  folders[BARE_FLOOR] = mkdtempSync(path.join(os.tmpdir(), 'audit-bare-floor-'));
  for (const dir of Object.values(folders)) writeFileSync(path.join(dir, 'index.html'), FLOOR_PAGE);
  copyFileSync(headers, path.join(folders[FLOOR], '_headers'));
  const servers = {};
  try {
    for (const [name, dir] of Object.entries(folders))
      servers[name] = await startServer({ http2, dist: dir });
  } catch (error) {
    for (const server of Object.values(servers)) server.stop();
    for (const dir of Object.values(folders)) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    origins: Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.origin])),
    stop: () => {
      for (const server of Object.values(servers)) server.stop();
      for (const dir of Object.values(folders)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One Lighthouse run (its default mobile settings) of `url` in the Chromium listening on `port`: its
 * result, with `beforeLcp` (tools/lcp-trace.mjs) read from the trace, which is then let go (tens of
 * megabytes per run).
 * @param {string} url @param {number} port
 */
export async function lighthouseRun(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  result.lhr.beforeLcp = beforeLcp(result.artifacts.Trace.traceEvents, new URL(url).origin);
  return result.lhr;
}

/** A run's simulated LCP in milliseconds (undefined for Lighthouse's NO_LCP). */
export const lcpOf = (lhr) => lhr.audits['largest-contentful-paint']?.numericValue;

/** The run whose LCP is the median of the runs (the lower middle one of an even number). */
export function medianRun(results) {
  const byLcp = [...results].sort((a, b) => (lcpOf(a) ?? Infinity) - (lcpOf(b) ?? Infinity));
  return byLcp[Math.floor((byLcp.length - 1) / 2)];
}
