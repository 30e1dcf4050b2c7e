// The `npm start` server as its tests start it: its own process on a free port, serving a small
// build in a temporary folder (tests/unit/serve-*.test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Started {
  port: number;
  child: ChildProcess;
  /** What the server printed so far. */
  output: () => string;
}

/** `node server/serve.mjs DIR` on a free port, with the environment `env` (no variable of ours). */
export async function startServer(directory: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^PUBLIC_|^PORT$|^HOST$/.test(name)),
  );
  const child = spawn(process.execPath, ['server/serve.mjs', directory], {
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (String(chunk).includes('Serving')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { port, child, output: () => output };
}

export async function smallBuild(files: Record<string, string> = {}) {
  const directory = await mkdtemp(path.join(tmpdir(), 'serve-'));
  await writeFile(path.join(directory, 'index.html'), '<!doctype html><title>Home</title><p>Home</p>');
  await writeFile(
    path.join(directory, '404.html'),
    '<!doctype html><title>Not found</title><h1>Not found</h1>',
  );
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(directory, name), text);
  return directory;
}
