// `npm run build`: `astro build` in a process of its own, with the environment every build of the
// project gets (ASTRO_BUILD_ENV). The other builds (`npm start` and `npm run update` through
// server/releases.mjs, the test build, the audit's and the benchmark's) start `astro build` with the
// same variables, from here.
//
// Why a variable at all (issue 33, docs/performance.md "Build time: where it goes"): Vite bundles
// with Rolldown, whose memory allocator (mimalloc) gives memory back to the system only after a delay
// and only when the thread that freed it allocates again. Rolldown's threads sit idle once the
// client bundle (Decap CMS's 5 MB among it) is written, so about 0.4-0.5 GiB it no longer uses stayed
// counted in the build's memory until the end: the build's peak. MIMALLOC_PURGE_DELAY=0 gives it back
// at once. The allocator reads it when Rolldown is loaded, before astro.config.mjs is, which is why it
// is set by whoever starts the build and not in the configuration.
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What every `astro build` of the project gets; a value already in the environment wins. */
export const ASTRO_BUILD_ENV = { MIMALLOC_PURGE_DELAY: '0' };

/** `env` with ASTRO_BUILD_ENV added under it (what the caller set stays as set). */
export function astroBuildEnv(env) {
  return { ...ASTRO_BUILD_ENV, ...env };
}

/** The path of Astro's command line in the project `root` (a folder path). */
export function astroBin(root) {
  return fileURLToPath(new URL('node_modules/astro/bin/astro.mjs', pathToFileURL(`${root}/`)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // npm runs a script in the project's folder: Astro's own there, as `astro build` would be.
  const child = spawn(process.execPath, [astroBin(process.cwd()), 'build', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: astroBuildEnv(process.env),
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
