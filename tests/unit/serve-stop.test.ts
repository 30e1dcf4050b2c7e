// How the real `npm start` server (server/serve.mjs, its own process) stops and takes signals: a
// stop does not wait on a visitor whose download has stalled (systemctl restart waited 90 s on one
// phone asleep mid-download, the site down meanwhile), and a SIGHUP to a server of one folder, which
// has nothing to rebuild, does not end it (a SIGHUP's default).
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { smallBuild, startServer, type Started } from './serve-helpers';

let dist: string | undefined;
let server: Started | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  if (dist) await rm(dist, { recursive: true, force: true });
});

/** The exit of the server's process: its code, and how long after `since` (performance.now()). */
const exited = (child: Started['child'], since: number) =>
  once(child, 'exit').then(([code]) => ({ code: code as number | null, afterMs: performance.now() - since }));

describe('the server stopping', () => {
  it('ends within its grace period while a download has stalled, after refusing new visitors', async () => {
    // Larger than the socket buffers on both sides, so the answer cannot all be written while nobody reads.
    dist = await smallBuild();
    await writeFile(path.join(dist, 'large.bin'), Buffer.alloc(16 * 1024 * 1024, 1));
    server = await startServer(dist);
    const stalled = net.connect(server.port, '127.0.0.1');
    stalled.on('error', () => {});
    stalled.write('GET /large.bin HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\n\r\n');
    // The server has started answering, and the client reads no further.
    await once(stalled, 'data');
    stalled.pause();
    const sent = performance.now();
    const exit = exited(server.child, sent);
    server.child.kill('SIGTERM');
    // A new connection is refused once it has acted on the signal (a fresh socket each time: a
    // pooled keep-alive connection of fetch's would still be answered until the grace ends).
    const port = server.port;
    const connecting = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.on('error', () => resolve('refused'));
      });
    await expect.poll(connecting, { timeout: 4000 }).toBe('refused');
    const { code, afterMs } = await exit;
    expect(code).toBe(0);
    // Five seconds of grace (STOP_GRACE_MS), then the process ends whatever is still being sent.
    expect(afterMs).toBeLessThan(8000);
    stalled.destroy();
  }, 20_000);

  it('ends at once when nothing is being answered', async () => {
    dist = await smallBuild();
    server = await startServer(dist);
    // An idle keep-alive connection, as a browser leaves open, does not hold the stop.
    const idle = net.connect(server.port, '127.0.0.1');
    idle.on('error', () => {});
    idle.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await once(idle, 'data');
    const exit = exited(server.child, performance.now());
    server.child.kill('SIGTERM');
    expect((await exit).afterMs).toBeLessThan(2000);
    idle.destroy();
  }, 20_000);

  it('goes on serving one folder after a SIGHUP, and says there is nothing to rebuild', async () => {
    dist = await smallBuild();
    server = await startServer(dist);
    server.child.kill('SIGHUP');
    await expect.poll(() => server!.output()).toContain('SIGHUP: this server serves one folder as it is');
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 20_000);
});
