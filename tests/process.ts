// The one set of process helpers for the suites that start servers and builds (Vitest and
// Playwright alike): a free port, a child process in its own group that is waited on by what it
// prints or by its port, and stopped with everything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { childEnv } from '../tools/test-build.mjs';

export { childEnv };

/** A port nobody listens on now (the system's choice, listen(0)). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Resolves once something accepts a connection on 127.0.0.1:`port`; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
    // The next attempt when the event loop is free again (a refused connect returns at once).
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Started {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr. */
  output: () => string;
  /**
   * Resolves when the output from character `since` on (0: all of it) holds `text`, now or later;
   * rejects if the process exits first. `output().length` now, as `since`, waits for new output.
   */
  printed: (text: string | RegExp, since?: number) => Promise<void>;
  /** Whether the process has exited. */
  exited: () => boolean;
  /** Stops the process and every process it started (its group); resolves once it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * `node args` in `cwd` as the leader of its own process group (so `stop` ends what it started too,
 * such as a build), with `env` as its whole environment (childEnv() gives the usual one).
 */
export function startNode(args: string[], { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const waiting: {
    text: string | RegExp;
    since: number;
    resolve: () => void;
    reject: (error: Error) => void;
  }[] = [];
  const has = (text: string | RegExp, since: number) => {
    const part = output.slice(since);
    return typeof text === 'string' ? part.includes(text) : text.test(part);
  };
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const wait of waiting.filter((w) => has(w.text, w.since))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const gone = new Promise<void>((resolve) =>
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
      new Promise<void>((resolve, reject) => {
        if (has(text, since)) resolve();
        else if (exited)
          reject(new Error(`node ${args.join(' ')} exited before printing ${text}:\n${output}`));
        else waiting.push({ text, since, resolve, reject });
      }),
    stop: async (signal = 'SIGTERM') => {
      if (!exited) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // the group has already gone
        }
      }
      await gone;
    },
  };
}

/** Runs `node args` in `cwd` to its end: its exit code and the last 20,000 characters it printed. */
export async function runNode(
  args: string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * decap-server (Decap CMS's local backend) serving the working copy `repo` on `port`, returned once
 * it answers for that folder: one left running on the port by someone else serves another folder.
 */
export async function startDecapServer(port: number, repo: string): Promise<ChildProcess> {
  const server = path.resolve(import.meta.dirname, '../node_modules/decap-server/dist/index.js');
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      GIT_REPO_DIRECTORY: repo,
      MODE: 'fs',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
    }).then(
      async (response) =>
        response.ok && ((await response.json()) as { repo?: string }).repo === path.basename(repo),
      () => false,
    );
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`decap-server did not start on port ${port}`);
}
