// @ts-check
// Child processes for the tools and the test suites alike (tests/process.ts re-exports these): a free
// port, and `node` in a process group of its own, waited on by what it prints and stopped with
// everything it started. Plain JavaScript, so that the audit and benchmark tools (plain Node) use the
// same helpers as the tests.
import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * A port nobody listens on now (the system's choice, listen(0)).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * @typedef {object} Started
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output Everything the process printed so far, stdout and stderr.
 * @property {(text: string | RegExp, since?: number) => Promise<void>} printed Resolves when the
 *   output from character `since` on (0: all of it) holds `text`, now or later; rejects if the
 *   process exits first. `output().length` now, as `since`, waits for new output.
 * @property {() => boolean} exited Whether the process has exited.
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop Stops the process and every process it
 *   started (its group); resolves once it has exited.
 */

/**
 * `node args` in `cwd` as the leader of its own process group (so `stop` ends what it started too,
 * such as a build), with `env` as its whole environment (childEnv() gives the usual one).
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Started}
 */
export function startNode(args, { cwd, env }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  /** @type {{ text: string | RegExp, since: number, resolve: () => void, reject: (error: Error) => void }[]} */
  const waiting = [];
  /** @param {string | RegExp} text @param {number} since */
  const has = (text, since) => {
    const part = output.slice(since);
    return typeof text === 'string' ? part.includes(text) : text.test(part);
  };
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    output += chunk;
    for (const wait of waiting.filter((w) => has(w.text, w.since))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  /** @type {Promise<void>} */
  const gone = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      for (const wait of waiting.splice(0))
        wait.reject(
          new Error(
            `node ${args.join(' ')} exited (${signal ?? code}) before printing ${wait.text}:\n${output}`,
          ),
        );
      resolve();
    }),
  );
  return {
    child,
    output: () => output,
    exited: () => exited,
    printed: (text, since = 0) =>
      new Promise((resolve, reject) => {
        if (has(text, since)) resolve();
        else if (exited)
          reject(new Error(`node ${args.join(' ')} exited before printing ${text}:\n${output}`));
        else waiting.push({ text, since, resolve, reject });
      }),
    stop: async (signal = 'SIGTERM') => {
      if (!exited && child.pid !== undefined) {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // the group has already gone
        }
      }
      await gone;
    },
  };
}
