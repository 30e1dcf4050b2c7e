// The post-build rewriting of dist/ HTML, as one ordered list of named steps over each page
// (HtmlPage: parsed with parse5, edited in place). Each step is { name, run(page, context) } and is
// tested on its own (tests/unit/html-pipeline.test.ts, security-headers.test.ts). The order matters
// where a step reads what an earlier one wrote; it is this list, not the order of integrations.
// Each page's result is kept in Astro's cache folder (node_modules/.astro/html-pipeline/), keyed by
// the page's text, its path, the build's context and the pipeline's own code: a rebuild after one
// post changed runs the steps only on the pages whose text changed (pipeline-cache.mjs). A large
// build shares its pages between the build's thread and worker threads (pipeline-worker.mjs): parse5
// is most of the time, and it left the machine's other cores idle.
import { readFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { builtFiles } from '../built-files.mjs';
import { PipelineCache } from './pipeline-cache.mjs';
import { adminConnectSources, cmsRelaxations } from '../security.mjs';
import { CSP_STEPS } from './csp-steps.mjs';
import { HtmlPage } from './page.mjs';
import { lowerScriptPriority } from './script-priority-step.mjs';
import { inlineCriticalCss, keepsBlockingStylesheet, parseStylesheet } from './critical-css.mjs';
import { writeIslandRuntime } from './island-runtime.mjs';

/**
 * Every step, in order: the scripts' fetch priority, the first screen's rules inlined (their <style>
 * and loader are then hashed by the CSP steps), then the Content-Security-Policy.
 */
export const PAGE_STEPS = [lowerScriptPriority, inlineCriticalCss, ...CSP_STEPS];

/**
 * What the steps need to know about the build: the /cms/ relaxations and the admin's extra
 * connect-src, both read from admin/config.yml and the site's address, SITE_URL (decap-server's only
 * in a build served on loopback), and the built stylesheets (under `out`, parsed once each; their
 * names change with their content, so a page's text, the pipeline cache's key, says which one it got).
 * @returns {import('./page.mjs').PageContext}
 */
export function pageContext(configText, { siteUrl = '', out = '' } = {}) {
  const cms = cmsRelaxations(configText, { siteUrl });
  const admin = adminConnectSources(configText, siteUrl);
  /** @type {Map<string, ReturnType<typeof parseStylesheet> | undefined>} */
  const sheets = new Map();
  return {
    relax: (file) => (/^cms\//.test(file) ? cms : undefined),
    extraConnect: (file) => (/^admin\//.test(file) ? admin : []),
    stylesheet: (href) => {
      if (!out || !/^\/_astro\/[\w.-]+\.css$/.test(href)) return undefined;
      if (!sheets.has(href)) {
        let text;
        try {
          text = readFileSync(path.join(out, href), 'utf8');
        } catch {
          text = undefined;
        }
        sheets.set(href, text === undefined ? undefined : parseStylesheet(text));
      }
      return sheets.get(href);
    },
  };
}

/** Runs the steps over one page's text; returns the page (its html, problems and warnings). */
export function runSteps(html, file, context, steps = PAGE_STEPS) {
  const page = new HtmlPage(html, file);
  for (const step of steps) step.run(page, context);
  return page;
}

/**
 * @typedef {{ out: string, configText: string, siteUrl: string, cacheDir: string }} PipelineOptions
 * @typedef {{ problems: string[], warnings: string[], missing: string[], blocking: string[], lowered: number, pages: number, hits: number, used: string[] }} PagesDone
 */

/**
 * The files of /_astro/ a page's attributes name that the build does not have (`assets`: the names
 * in its _astro/ folder; text that only mentions such an address is not a reference). A page Astro
 * copied from an earlier build (decision 0050) whose key missed a change would name the earlier
 * stylesheet or scripts: the build stops rather than ship it.
 * @param {string} html @param {Set<string>} assets @returns {string[]}
 */
export function missingAssets(html, assets) {
  const names = new Set(
    [...html.matchAll(/\s[\w-]+="([^"]*\/_astro\/[^"]*)"/g)].flatMap((attribute) =>
      [...attribute[1].matchAll(/\/_astro\/([\w.-]+)/g)].map((match) => match[1]),
    ),
  );
  return [...names].filter((name) => !assets.has(name));
}

/**
 * Runs the steps over `files` (absolute paths under `out`), each taken from the cache when its text
 * is unchanged, and writes back the pages the steps changed. The same in the build's thread and in
 * a worker (pipeline-worker.mjs): what it returns is plain data.
 * @param {string[]} files @param {PipelineOptions} options @returns {Promise<PagesDone>}
 */
export async function finishPages(files, { out, configText, siteUrl, cacheDir }) {
  const context = pageContext(configText, { siteUrl, out });
  const cache = await PipelineCache.open(cacheDir, { configText, siteUrl });
  const assets = new Set(await readdir(path.join(out, '_astro')).catch(() => []));
  /** @type {PagesDone} */
  const done = {
    problems: [],
    warnings: [],
    missing: [],
    blocking: [],
    lowered: 0,
    pages: 0,
    hits: 0,
    used: [],
  };
  for (const file of files) {
    const relative = path.relative(out, file).split(path.sep).join('/');
    const html = await readFile(file, 'utf8');
    for (const name of missingAssets(html, assets)) done.missing.push(`${relative}: /_astro/${name}`);
    const key = cache.key(html, relative);
    const result =
      (await cache.get(key, html)) ?? (await cache.put(key, html, runSteps(html, relative, context)));
    done.problems.push(...result.problems);
    done.warnings.push(...result.warnings);
    if (result.lowered) done.lowered += 1;
    if (keepsBlockingStylesheet(result.html, relative)) done.blocking.push(relative);
    done.pages += 1;
    if (result.html !== html) await writeFile(file, result.html);
  }
  done.hits = cache.hits;
  done.used = [...cache.used];
  return done;
}

/**
 * Below this many pages the pipeline stays in the build's thread: a worker takes about as long to
 * start (loading parse5 and the steps) as a few dozen pages take to finish.
 */
export const PAGES_FOR_A_WORKER = 200;

/**
 * How many threads finish the pages: one for a small site; with more pages, one per core (at most
 * four), the build's own thread being one of them. Astro has finished rendering by then, so the
 * other cores are otherwise idle.
 */
export function pipelineThreads(pages, cores = os.availableParallelism()) {
  return pages < PAGES_FOR_A_WORKER ? 1 : Math.max(1, Math.min(cores, 4));
}

/** `files` dealt out in turn to `count` shares (pages of each kind spread over every share). */
export function shares(files, count) {
  const dealt = Array.from({ length: count }, () => []);
  files.forEach((file, index) => dealt[index % count].push(file));
  return dealt;
}

/** One share of the pages finished in a worker thread (pipeline-worker.mjs). */
function finishPagesInWorker(files, options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pipeline-worker.mjs', import.meta.url), {
      workerData: { files, options },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The HTML pipeline's worker stopped with exit code ${code}.`));
    });
  });
}

/** The integration: every built page through PAGE_STEPS, before the service worker lists them. */
export function htmlPipeline({ siteUrl = '' } = {}) {
  let root = '';
  let cacheDir = '';
  return {
    name: 'html-pipeline',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = path.join(fileURLToPath(config.cacheDir), 'html-pipeline');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const out = fileURLToPath(dir);
        const configText = await readFile(path.join(root, 'admin/config.yml'), 'utf8');
        const options = { out, configText, siteUrl, cacheDir };
        const files = await builtFiles(out, /\.html$/);
        // The file the public pages' starter adds in place of Astro's inline island runtime.
        await writeIslandRuntime(out);
        const threads = pipelineThreads(files.length);
        // The build's thread takes the first share, a worker each of the others.
        const [own = [], ...others] = shares(files, threads);
        const parts = await Promise.all([
          finishPages(own, options),
          ...others.map((share) => finishPagesInWorker(share, options)),
        ]);
        const cache = await PipelineCache.open(cacheDir, { configText, siteUrl });
        for (const part of parts) for (const key of part.used) cache.used.add(key);
        await cache.prune();
        const missing = parts.flatMap((part) => part.missing);
        if (missing.length > 0) {
          throw new Error(
            'Pages name files under /_astro/ that this build does not have: a link to a file that is ' +
              'not there, or a page copied from an earlier build whose key missed a change ' +
              `(docs/decisions/0050; \`astro build --force\` renders every page):\n  ${missing.slice(0, 20).join('\n  ')}`,
          );
        }
        const problems = parts.flatMap((part) => part.problems);
        for (const warning of parts.flatMap((part) => part.warnings)) logger.warn(warning);
        if (problems.length > 0) {
          throw new Error(`Content-Security-Policy problems:\n  ${problems.join('\n  ')}`);
        }
        const sum = (name) => parts.reduce((total, part) => total + part[name], 0);
        // Every page has the layout's script: none found means Astro writes its tags differently now.
        if (sum('lowered') === 0)
          logger.warn('No bundled <script type="module"> found: none started after the largest paint.');
        logger.info(
          `${sum('pages')} pages through ${PAGE_STEPS.length} steps: bundled scripts started after the largest paint (fetchpriority="low" where kept) in ` +
            `${sum('lowered')}, Content-Security-Policy completed in each; ${sum('hits')} unchanged since an ` +
            `earlier build (cached); ${threads} thread${threads === 1 ? '' : 's'}; ` +
            `${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        const blocking = parts.flatMap((part) => part.blocking).sort();
        if (blocking.length > 0)
          logger.info(
            `${blocking.length} public page${blocking.length === 1 ? '' : 's'} past the first round trip with ` +
              `the first screen's rules (FIRST_ROUND_TRIP_BUDGET), so the stylesheet still blocks its first paint: ` +
              `${blocking.slice(0, 5).join(', ')}${blocking.length > 5 ? ` and ${blocking.length - 5} more` : ''}`,
          );
      },
    },
  };
}
