// The one set of process helpers for the suites that start servers and builds (Vitest and
// Playwright alike): a free port, a child process in its own group that is waited on by what it
// prints or by its port, and stopped with everything it started.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { childEnv } from '../tools/test-build.mjs';

export { childEnv };
// A free port and `node` in its own process group: in tools/ (plain JavaScript), which the audit and
// benchmark tools start the server with too.
export { freePort, startNode, type Started } from '../tools/processes.mjs';

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
