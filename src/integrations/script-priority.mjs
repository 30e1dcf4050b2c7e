// The scripts Astro bundles (the layout's header, reveal, anchor and service-worker code; the CMS
// loader) are module scripts: deferred, they never hold up the first paint. Chrome still fetches them
// at High priority, so on a slow phone connection they share the first round trips with the
// stylesheet and the lead picture, which the first paint does wait for. Astro gives no way to set an
// attribute on a script it bundles, so once every page is written this marks them fetchpriority="low".
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { builtFiles } from './built-files.mjs';

// A bundled script tag as Astro writes it: type="module" and a src under /_astro/, no fetchpriority yet.
const BUNDLED_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)">/g;

/** The page with its bundled scripts marked low priority, and how many it marked. */
export function lowerScriptPriority(html) {
  let count = 0;
  const result = html.replace(BUNDLED_SCRIPT, (_tag, src) => {
    count += 1;
    return `<script type="module" fetchpriority="low" src="${src}">`;
  });
  return { html: result, count };
}

export function scriptPriority() {
  return {
    name: 'script-priority',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        let pages = 0;
        for (const file of await builtFiles(out, /\.html$/)) {
          const { html, count } = lowerScriptPriority(await readFile(file, 'utf8'));
          if (count === 0) continue;
          await writeFile(file, html);
          pages += 1;
        }
        // Every page has the layout's script: none found means Astro writes its tags differently now.
        if (pages === 0)
          logger.warn('No bundled <script type="module"> found: their fetch priority is unchanged.');
        else logger.info(`Bundled scripts marked fetchpriority="low" in ${pages} pages`);
      },
    },
  };
}
