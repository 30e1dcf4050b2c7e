// The post-build rewriting of dist/ HTML, as one ordered list of named steps over each page
// (HtmlPage: parsed with parse5, edited in place). Each step is { name, run(page, context) } and is
// tested on its own (tests/unit/html-pipeline.test.ts, security-headers.test.ts). The order matters
// where a step reads what an earlier one wrote; it is this list, not the order of integrations.
// Each page's result is kept in Astro's cache folder (node_modules/.astro/html-pipeline/), keyed by
// the page's text, its path, the build's context and the pipeline's own code: a rebuild after one
// post changed runs the steps only on the pages whose text changed (pipeline-cache.mjs).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFiles } from '../built-files.mjs';
import { PipelineCache } from './pipeline-cache.mjs';
import { adminConnectSources, cmsRelaxations } from '../security.mjs';
import { CSP_STEPS } from './csp-steps.mjs';
import { HtmlPage } from './page.mjs';
import { lowerScriptPriority } from './script-priority-step.mjs';

/** Every step, in order: the scripts' fetch priority, then the Content-Security-Policy. */
export const PAGE_STEPS = [lowerScriptPriority, ...CSP_STEPS];

/**
 * What the steps need to know about the build: the /cms/ relaxations and the admin's extra
 * connect-src, both read from admin/config.yml (the admin's also from the site's address, SITE_URL).
 * @returns {{ relax: (file: string) => ReturnType<typeof cmsRelaxations> | undefined, extraConnect: (file: string) => string[] }}
 */
export function pageContext(configText, { siteUrl = '' } = {}) {
  const cms = cmsRelaxations(configText);
  const admin = adminConnectSources(configText, siteUrl);
  return {
    relax: (file) => (/^cms\//.test(file) ? cms : undefined),
    extraConnect: (file) => (/^admin\//.test(file) ? admin : []),
  };
}

/** Runs the steps over one page's text; returns the page (its html, problems and warnings). */
export function runSteps(html, file, context, steps = PAGE_STEPS) {
  const page = new HtmlPage(html, file);
  for (const step of steps) step.run(page, context);
  return page;
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
        const context = pageContext(configText, { siteUrl });
        const cache = await PipelineCache.open(cacheDir, { configText, siteUrl });
        const problems = [];
        let lowered = 0;
        let pages = 0;
        for (const file of await builtFiles(out, /\.html$/)) {
          const relative = path.relative(out, file).split(path.sep).join('/');
          const html = await readFile(file, 'utf8');
          const result =
            (await cache.get(html, relative)) ??
            (await cache.put(html, relative, runSteps(html, relative, context)));
          problems.push(...result.problems);
          for (const warning of result.warnings) logger.warn(warning);
          if (result.lowered) lowered += 1;
          pages += 1;
          if (result.html !== html) await writeFile(file, result.html);
        }
        await cache.prune();
        if (problems.length > 0) {
          throw new Error(`Content-Security-Policy problems:\n  ${problems.join('\n  ')}`);
        }
        // Every page has the layout's script: none found means Astro writes its tags differently now.
        if (lowered === 0)
          logger.warn('No bundled <script type="module"> found: their fetch priority is unchanged.');
        logger.info(
          `${pages} pages through ${PAGE_STEPS.length} steps: bundled scripts marked fetchpriority="low" in ` +
            `${lowered}, Content-Security-Policy completed in each; ${cache.hits} unchanged since an ` +
            `earlier build (cached); ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
