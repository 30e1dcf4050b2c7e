// @ts-check
// `node tools/run-together.mjs lint typecheck test:unit`: the named npm scripts at the same time,
// for `npm run test:quick` (issue 29). Run one after another they left a core idle: `astro check`
// works on one thread, and the unit tests wait for it. Each script's output is kept apart and printed
// whole when it ends, under its name, so two outputs never mix; the exit code is the first failure's
// (each script still runs to its end, so every failure of the loop is seen in one run).
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Usage: node tools/run-together.mjs <npm script> [<npm script>…]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs `npm run <name>` with its output collected; resolves with its exit code and seconds.
 * @param {string} name
 * @returns {Promise<{ name: string, code: number, seconds: number, output: string }>}
 */
function run(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
        output,
      }),
    );
  });
}

const results = await Promise.all(
  names.map((name) =>
    run(name).then((result) => {
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit code ${result.code})`;
      process.stdout.write(
        `\n── npm run ${name}: ${verdict} in ${result.seconds.toFixed(0)} s ──\n${result.output}`,
      );
      return result;
    }),
  ),
);

const failed = results.filter((result) => result.code !== 0);
console.log(
  failed.length === 0
    ? `\nAll passed: ${names.join(', ')}.`
    : `\nFailed: ${failed.map((result) => result.name).join(', ')}.`,
);
process.exitCode = failed[0]?.code ?? 0;
