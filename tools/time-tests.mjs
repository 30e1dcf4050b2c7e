// `npm run test:timings`: how long CI's run takes, phase by phase (issue 29). It does what
// `bash .ci/run` does on a clean clone of this checkout's last commit (uncommitted changes are not
// in it): `npm ci`, then each step of `npm test` as package.json names them (setup, quick, the
// run's build, site, e2e), timing each, and prints the durations and the total. Each phase's output
// goes to a log file beside the clone; the first failing phase ends the run, as in `npm test`.
//
//   npm run test:timings              a clean clone in the system's temporary folder
//   npm run test:timings -- --here    this checkout as it is, without `npm ci`
//   npm run test:timings -- --quick   `npm run test:quick` only (the inner loop)
//   npm run test:timings -- --keep    keep the clone and the logs afterwards
//
// A measurement, not a test: nothing fails for being slow. Take the figures on a quiet machine.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './bench/report.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = new Set(process.argv.slice(2));
const here = args.has('--here');
const quickOnly = args.has('--quick');
const keep = args.has('--keep');

/** The steps of a package.json script made of `a && b && c`, each with a short name. */
export function steps(script) {
  return script.split('&&').map((command) => {
    const trimmed = command.trim();
    const run = /npm run ([\w:-]+)/.exec(trimmed);
    return { name: run ? run[1].replace(/^test:/, '') : trimmed, command: trimmed };
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
const minutes = (ms) => {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${total % 60} s`;
};

/** Runs `command` in `cwd` through the shell, its output to `log`; resolves to its exit code. */
function runPhase(command, cwd, log) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn('sh', ['-c', command], { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => out.end(() => resolve(code)));
  });
}

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'time-tests-'));
  let cwd = root;
  if (!here) {
    cwd = path.join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, cwd]);
    const head = execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd }).toString().trim();
    console.log(`A clean clone of ${head}\n  in ${cwd}`);
  } else console.log(`This checkout as it is: ${cwd}`);

  const scripts = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts;
  const phases = [
    ...(here ? [] : [{ name: 'npm ci', command: 'npm ci --no-audit --no-fund' }]),
    ...(quickOnly ? [{ name: 'quick', command: 'npm run test:quick' }] : steps(scripts.test)),
  ];
  console.log(`Logs in ${work}/\n`);

  const loadBefore = os.loadavg()[0];
  const results = [];
  let failed = false;
  for (const [index, phase] of phases.entries()) {
    const log = path.join(work, `${index + 1}-${phase.name.replace(/\W+/g, '-')}.log`);
    process.stdout.write(`${phase.name.padEnd(10)} ${phase.command}\n`);
    const started = Date.now();
    const code = await runPhase(phase.command, cwd, log);
    const ms = Date.now() - started;
    results.push({ ...phase, ms, code });
    console.log(
      `${''.padEnd(10)} ${code === 0 ? 'done' : `FAILED (exit code ${code}), see ${log}`} in ${seconds(ms).trim()}`,
    );
    if (code !== 0) {
      failed = true;
      break;
    }
  }

  const total = results.reduce((sum, result) => sum + result.ms, 0);
  console.log(`\nDurations${failed ? ' (stopped at the failed phase)' : ''}:`);
  for (const result of results) console.log(`  ${result.name.padEnd(10)} ${seconds(result.ms)}`);
  console.log(`  ${'total'.padEnd(10)} ${seconds(total)}  (${minutes(total)})`);
  console.log(`\n${machineLine(loadBefore)}`);
  if (!keep && !failed) await rm(work, { recursive: true, force: true });
  else console.log(`Kept: ${work}`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) await main();
