// Preloaded (node --import) into the benchmark's `astro build`: writes the process's peak resident
// memory to the file BENCH_PEAK_FILE names when it exits. Node reports it on every platform, where
// sampling /proc worked on Linux only. Astro builds in this one process (Vite, Rollup and sharp run
// in its threads), so its peak is the build's.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  // resourceUsage().maxRSS is in kilobytes.
  if (process.env.BENCH_PEAK_FILE)
    writeFileSync(process.env.BENCH_PEAK_FILE, String(process.resourceUsage().maxRSS * 1024));
});
