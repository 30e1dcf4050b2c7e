// Astro's island runtime: the <astro-island> element, which loads an island's code when its directive
// says so. Astro writes it inline before the first island of every page (4.4 KB raw, about 1.6 KB at
// the first round trip's brotli quality), where it took room that the first screen's rules need
// (docs/performance.md). On the public pages it is a file instead, added with the page's other
// scripts after the largest paint, and the interact directive holds a press made before it has run
// (decision 0048). Its exact text is Astro's own export, so an upgrade of Astro is followed as it is.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ISLAND_RUNTIME from 'astro/runtime/server/astro-island.prebuilt.js';

export { ISLAND_RUNTIME };

/** Its address, named by its content like the files Astro bundles, so it may be cached for good. */
export const ISLAND_RUNTIME_FILE = `/_astro/astro-island.${createHash('sha256')
  .update(ISLAND_RUNTIME)
  .digest('base64url')
  .slice(0, 8)}.js`;

/** Writes the runtime's file into the build folder `out`. */
export async function writeIslandRuntime(out) {
  const file = path.join(out, ISLAND_RUNTIME_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, ISLAND_RUNTIME);
}
