// Preloaded (node --import) into the benchmark's `astro build`: writes the process's peak resident
// memory to the file BENCH_PEAK_FILE names when it exits. Node reports it on every platform, where
// sampling /proc worked on Linux only. Astro builds in this one process (Vite, Rollup and sharp run
// in its threads), so its peak is the build's.
import { writeFileSync } from 'node:fs';

// With it, the CPU time the build used (user and system, every thread of the process, in seconds):
// unlike the build's wall time, it hardly grows when other work shares the machine's cores.
process.on('exit', () => {
  const usage = process.resourceUsage();
  // maxRSS is in kilobytes, the CPU times in microseconds.
  if (process.env.BENCH_PEAK_FILE)
    writeFileSync(
      process.env.BENCH_PEAK_FILE,
      JSON.stringify({ peak: usage.maxRSS * 1024, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }),
    );
});
