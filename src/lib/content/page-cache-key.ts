// Astro's incremental build (experimental.incrementalBuild, decision 0050) copies a page from the
// last build instead of rendering it when its module graph and its `cacheKey` are unchanged. The key
// must therefore name everything else the page's HTML is made of: its own data, the year in the
// footer, and the names of the stylesheet and scripts it links, which change with code or content
// Astro does not trace to the page (Tailwind reads every source file; astro:env values are built
// into the scripts).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { practiceYear } from '../site/dates';

/** Set by the build (src/integrations/incremental-pages.mjs) to the folder it writes. */
export const BUILD_OUT_DIR_VARIABLE = 'ASTRO_BUILD_OUT_DIR';
/** Set by the build to the values made anew at each build that scripts carry, one per line. */
export const BUILD_SALTED_VARIABLE = 'ASTRO_BUILD_SALTED';

/**
 * The build's asset names, less the scripts renamed with the admin password: those that carry one of
 * the `salted` values (the admin password's derivation: decisions 0015 and 0055) and those
 * that name such a script (an import or a preload list), directly or not. No public page links them.
 */
export function stableAssetNames(assetsDir: string, salted: string[]): string[] {
  const names = readdirSync(assetsDir).sort();
  const scripts = new Map(
    names
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(path.join(assetsDir, name), 'utf8')] as const),
  );
  const renamed = new Set(
    [...scripts].filter(([, text]) => salted.some((value) => text.includes(value))).map(([name]) => name),
  );
  for (let grew = renamed.size > 0; grew;) {
    grew = false;
    for (const [name, text] of scripts)
      if (!renamed.has(name) && [...renamed].some((other) => text.includes(other))) {
        renamed.add(name);
        grew = true;
      }
  }
  return names.filter((name) => !renamed.has(name));
}

/** By build folder and salted values: a build asks once per page, the assets are read once. */
const sharedKeys = new Map<string, string>();

/** What every cached page depends on besides its own data. */
function sharedKey(): string {
  const outDir = process.env[BUILD_OUT_DIR_VARIABLE];
  const salted = (process.env[BUILD_SALTED_VARIABLE] ?? '').split('\n').filter(Boolean);
  const memo = JSON.stringify([outDir, salted]);
  let key = sharedKeys.get(memo);
  if (key === undefined) {
    let assets: string[];
    try {
      if (!outDir) throw new Error('no build folder');
      assets = stableAssetNames(path.join(outDir, '_astro'), salted);
    } catch {
      // Not known: a key no earlier build has, so the page is rendered.
      assets = [createHash('sha256').update(String(Math.random())).digest('hex')];
    }
    key = JSON.stringify({ assets, year: practiceYear(new Date()) });
    sharedKeys.set(memo, key);
  }
  return key;
}

/** A page's cacheKey: a digest of its data and of what every page shares. */
export function pageCacheKey(data: unknown): string {
  return createHash('sha256').update(sharedKey()).update(JSON.stringify(data)).digest('hex');
}
