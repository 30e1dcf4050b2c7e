// How long `npm start`'s server (server/listen-settings.mjs, createSiteServer) lets a client take to
// send its request, with the limits made short for the test: a client that sends its headers or its
// body too slowly is answered 408 and cut off, over plain HTTP and over HTTPS; one that sends its
// requests at once keeps its connection between them.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../server/listen-settings.mjs';
import { selfSignedCertificate } from '../../tools/measure-server.mjs';

const TIMEOUTS = { headersMs: 300, requestMs: 600, checkEveryMs: 50 };

/** Answers once the whole request has arrived, as the form handler does. */
const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
  req.resume();
  req.on('end', () => res.end('ok'));
};

const servers: Server[] = [];
let certificate: ReturnType<typeof selfSignedCertificate> | undefined;

async function listening(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let plainPort: number;
let securePort: number;

beforeAll(async () => {
  plainPort = await listening(createSiteServer(handler, { timeouts: TIMEOUTS }) as Server);
  certificate = selfSignedCertificate();
  const secure = {
    cert: readFileSync(certificate.env.TLS_CERT_FILE),
    key: readFileSync(certificate.env.TLS_KEY_FILE),
  };
  securePort = await listening(
    createSiteServer(handler, { tls: secure, timeouts: TIMEOUTS }) as unknown as Server,
  );
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  certificate?.remove();
});

type Connect = () => net.Socket;
const plain: Connect = () => net.connect(plainPort, '127.0.0.1');
const secure: Connect = () =>
  tls.connect({
    port: securePort,
    host: '127.0.0.1',
    rejectUnauthorized: false,
    ALPNProtocols: ['http/1.1'],
  });

/** Writes `start`, then nothing more; resolves with what came back once the server closed, and when. */
function stall(connect: Connect, start: string) {
  return new Promise<{ text: string; afterMs: number }>((resolve, reject) => {
    const socket = connect();
    const began = Date.now();
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, afterMs: Date.now() - began }));
    socket.write(start);
  });
}

describe.each([
  ['plain HTTP', () => plain],
  ['HTTPS (HTTP/1.1)', () => secure],
])('over %s', (_name, connection) => {
  it('cuts off a client that sends its headers too slowly', async () => {
    const { text, afterMs } = await stall(connection(), 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1');
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs * 3);
  });

  it('cuts off a client that sends its body too slowly', async () => {
    const { text, afterMs } = await stall(
      connection(),
      'POST /api/forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs * 3);
  });
});

describe('a connection kept alive', () => {
  it('stays open between requests sent at once, past both limits', async () => {
    const socket = plain();
    let text = '';
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => (closed = true));
    const answers = () => text.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
    const request = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';
    socket.write(request);
    await expect.poll(answers).toBe(1);
    // Idle for longer than either limit: neither runs between two requests (keep-alive's 5 s does).
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.requestMs + 4 * TIMEOUTS.checkEveryMs));
    expect(closed).toBe(false);
    socket.write(request);
    await expect.poll(answers).toBe(2);
    socket.destroy();
  });
});
