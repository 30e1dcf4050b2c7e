// How long `npm start`'s server (server/listen-settings.mjs, createSiteServer) lets a client take to
// send its request, with the limits made short for the test: a client that sends its headers or its
// body too slowly is answered 408 and cut off, over plain HTTP, over HTTPS and over HTTP/2; one that
// sends its requests at once keeps its connection between them, and a slow answer is never cut.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../server/listen-settings.mjs';
import { selfSignedCertificate } from '../../tools/measure-server.mjs';

const TIMEOUTS = { headersMs: 300, requestMs: 600, checkEveryMs: 50 };

/**
 * Answers once the whole request has arrived, as the form handler does; `/slow-answer` sends its
 * answer over longer than both limits, as a large file to a slow phone.
 */
const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
  req.resume();
  req.on('end', () => {
    if (req.url !== '/slow-answer') return res.end('ok');
    res.write('slow ');
    setTimeout(() => res.end('answer'), TIMEOUTS.requestMs + TIMEOUTS.headersMs);
  });
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

/** Writes `start` (one byte a character), then nothing more; resolves with what came back once the server closed, and when. */
function stall(connect: Connect, start: string) {
  return new Promise<{ text: string; afterMs: number }>((resolve, reject) => {
    const socket = connect();
    const began = Date.now();
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, afterMs: Date.now() - began }));
    socket.write(start, 'latin1');
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

describe('a connection that sends nothing', () => {
  // Over HTTPS that is a TLS handshake never begun: tls.Server gives it 120 s (handshakeTimeout),
  // where plain HTTP's headers limit ends the same silence in seconds.
  it.each([
    ['plain HTTP', () => plain],
    ['HTTPS', () => () => net.connect(securePort, '127.0.0.1')],
  ])('is closed after the headers limit over %s', async (_name, connection) => {
    const { afterMs } = await stall(connection(), '');
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
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

describe('over HTTP/2', () => {
  const sessions: http2.ClientHttp2Session[] = [];
  afterAll(() => {
    for (const session of sessions) session.destroy();
  });
  const connect = () => {
    const session = http2.connect(`https://127.0.0.1:${securePort}`, { rejectUnauthorized: false });
    session.on('error', () => {});
    sessions.push(session);
    return session;
  };
  const closed = (emitter: { once: (event: 'close', listener: () => void) => unknown }) =>
    new Promise<void>((resolve) => emitter.once('close', () => resolve()));

  it('closes a session that starts no request, pinging or not', async () => {
    const session = connect();
    const began = Date.now();
    // A ping is activity: an idle timeout alone would never end this session.
    const pinging = setInterval(() => {
      if (!session.closed && !session.destroyed) session.ping(() => {});
    }, TIMEOUTS.headersMs / 4);
    await closed(session);
    clearInterval(pinging);
    const afterMs = Date.now() - began;
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs * 3);
  });

  it('cuts off a client that never ends its headers', async () => {
    // The preface, empty settings, then a HEADERS frame of stream 1 without END_HEADERS (flags 0),
    // whose CONTINUATION never comes: no stream starts, so no request limit would run.
    const frames = Buffer.concat([
      Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1'),
      Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]),
      Buffer.from([0, 0, 2, 1, 0, 0, 0, 0, 1, 0x82, 0x84]),
    ]);
    const h2: Connect = () =>
      tls.connect({ port: securePort, host: '127.0.0.1', rejectUnauthorized: false, ALPNProtocols: ['h2'] });
    const { afterMs } = await stall(h2, frames.toString('latin1'));
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs * 3);
  });

  it('answers 408 to a request whose body comes too slowly, and ends it', async () => {
    const session = connect();
    const began = Date.now();
    const stream = session.request({
      ':method': 'POST',
      ':path': '/api/forms/contact',
      'content-type': 'application/json',
    });
    stream.write('{"name":');
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) =>
      stream.once('response', resolve),
    );
    const afterMs = Date.now() - began;
    expect(headers[':status']).toBe(408);
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs * 3);
    stream.resume();
    await closed(stream);
  });

  /** One request on `session`, its body sent at once; its status and text. */
  const ask = (session: http2.ClientHttp2Session, path: string, body?: string) =>
    new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
      const stream = session.request({ ':method': body ? 'POST' : 'GET', ':path': path });
      let status: number | undefined;
      let text = '';
      stream.setEncoding('utf8');
      stream.on('response', (headers) => (status = headers[':status']));
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () => resolve({ status, text }));
      stream.on('error', reject);
      stream.end(body);
    });

  it('answers requests sent at once, one after another on one session', async () => {
    const session = connect();
    expect(await ask(session, '/api/forms/contact', '{"name":"Ann"}')).toEqual({ status: 200, text: 'ok' });
    expect(await ask(session, '/')).toEqual({ status: 200, text: 'ok' });
    session.close();
  });

  it('never cuts an answer that takes longer than both limits to send', async () => {
    const session = connect();
    expect(await ask(session, '/slow-answer')).toEqual({ status: 200, text: 'slow answer' });
    session.close();
  });
});
