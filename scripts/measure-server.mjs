// Starts `node server/serve.mjs` on a free port for the audit and benchmark scripts, and stops it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer() {
  if (!existsSync('dist/index.html')) throw new Error('No build in dist/: run `npm run build` first.');
  const port = await freePort();
  const child = spawn(process.execPath, ['server/serve.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('Serving') && resolve());
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
