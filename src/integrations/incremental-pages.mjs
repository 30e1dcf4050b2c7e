// Astro's incremental build (decision 0050) and what each cached page's key needs from the build
// (src/lib/content/page-cache-key.ts): the folder it writes, whose asset names go into the key, and
// the values made anew at each build, whose scripts are left out.
//
// Only builds with a rebuild after them turn it on (decision 0051): `npm start` and `npm run update`
// (server/releases.mjs), whose next build finds the cache in node_modules/.astro/. A build with an
// empty cache pays for filling it: at 5,000 posts a cold build took about a fifth longer with it, and
// the static hosts' builds (Netlify, Cloudflare Pages) start empty each time.
import { fileURLToPath } from 'node:url';
import { BUILD_OUT_DIR_VARIABLE, BUILD_SALTED_VARIABLE } from '../lib/content/page-cache-key.ts';

/** The variable that turns Astro's incremental build on: `1` (docs/configuration.md). */
export const INCREMENTAL_BUILD_VARIABLE = 'INCREMENTAL_BUILD';

/** Whether this build copies unchanged post pages from the last one, and keeps them for the next. */
export const incrementalBuildWanted = (env = process.env) => env[INCREMENTAL_BUILD_VARIABLE]?.trim() === '1';

/**
 * @param {Array<string | undefined>} salted values that scripts carry and a new admin password changes
 * @returns {import('astro').AstroIntegration}
 */
export function incrementalPages(salted) {
  return {
    name: 'incremental-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        process.env[BUILD_OUT_DIR_VARIABLE] = fileURLToPath(config.outDir);
        process.env[BUILD_SALTED_VARIABLE] = salted.filter(Boolean).join('\n');
      },
    },
  };
}
