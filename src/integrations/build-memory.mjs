// @ts-check
// How far the build's JavaScript heap grows before V8 collects it in full (issue 33, decision
// 0046, docs/performance.md lever 23). After each full collection V8 lets the heap grow to up to
// four times what survived it when the program allocates fast, as a build does. In a 5,000-post
// build the last full collection came half-way (0.58 GiB kept), then the heap grew to 1.2 GiB of
// mostly garbage with no other, and the build's resident memory passed its 2 GiB target. With the
// growth set to twice what survived, collections come sooner and the heap follows what the build
// holds, however many posts there are: a fixed cap (--max-old-space-size) would do the same until a
// larger site's build ran out of heap and stopped.
import v8 from 'node:v8';

/** The heap may grow by this percentage of what the last full collection kept. */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets the heap's growth for `astro build` only (not `astro dev`, `check` or `sync`). The setting
 * is the process's: it holds for the HTML pipeline's worker threads, started later, too.
 * @param {{ setFlags?: (flags: string) => void }} [options] `setFlags` stands in for V8's in tests.
 * @returns {import('astro').AstroIntegration}
 */
export function buildMemory({ setFlags = v8.setFlagsFromString } = {}) {
  return {
    name: 'build-memory',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command === 'build') setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
      },
    },
  };
}
