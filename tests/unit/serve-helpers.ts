// The `npm start` server as its tests start it: its own process on a free port, serving a small
// build in a temporary folder (tests/unit/serve-*.test.ts).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, freePort, startNode } from '../process';

export { freePort };

export interface Started {
  port: number;
  child: ChildProcess;
  /** What the server printed so far. */
  output: () => string;
}

/** `node server/serve.mjs DIR` on a free port, with the environment `env` (no variable of ours). */
export async function startServer(directory: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const started = startNode(['server/serve.mjs', directory], {
    cwd: process.cwd(),
    env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
  });
  await started.printed('Serving');
  return { port, child: started.child, output: started.output };
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

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes as sent (still compressed where the server compressed them). */
  body: Buffer;
}

/** One request to the server on `port`, on a fresh connection, the answer as sent. */
export function rawRequest(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
