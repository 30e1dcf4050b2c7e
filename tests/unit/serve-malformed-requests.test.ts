// The real `npm start` server (server/serve.mjs, its own process) against a small build, sent what a
// careless or hostile client sends over raw sockets: each request gets an answer, and the server
// goes on serving. One request that stopped the process would stop the site for everyone.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formHandlerBundle } from '../../server/forms.mjs';
import { bundleFormHandler } from '../../src/integrations/form-handler.mjs';
import { smallBuild, startServer, type Started } from './serve-helpers';

let dist: string;
let server: Started;
let port: number;

const COLLECTOR = '/api/forms/contact';

beforeAll(async () => {
  dist = await smallBuild({
    _headers:
      '/*\n  X-Content-Type-Options: nosniff\n/notes.txt\n  X-Robots-Tag: noindex\n' +
      '/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    _redirects: '/u/:name  /users/:name  301\n/go/*  /:splat  302\n',
    // As a build whose contact form posts to the development collector records it.
    '.form-routes.json': JSON.stringify({ [COLLECTOR]: 'contact' }),
    // Large enough to be compressed on the way (it has no compressed copy of its own).
    'notes.txt': 'A line of notes that repeats.\n'.repeat(200),
  });
  await mkdir(path.join(dist, '_astro'));
  await writeFile(path.join(dist, '_astro', 'app.js'), 'console.log(1);\n');
  server = await startServer(dist);
  port = server.port;
}, 20_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await rm(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  head: string;
  body: string;
  /** How long the server took to close the connection after the first byte of its answer. */
  closedAfterMs: number;
}

/**
 * Opens a socket, lets `talk` write to it (it may keep writing after the answer, as a client
 * that sends a long body does), and reads until the server closes the connection.
 */
function exchange(talk: (socket: net.Socket) => Promise<void> | void, timeout = 5000, to = port) {
  return new Promise<Answer>((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    let answeredAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer in ${timeout} ms; received: ${Buffer.concat(chunks)}`));
    }, timeout);
    socket.on('data', (chunk) => {
      answeredAt ||= performance.now();
      chunks.push(chunk);
    });
    // The server may close while the client still writes: that is the point of some cases.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head,
        body,
        closedAfterMs: performance.now() - answeredAt,
      });
    });
    socket.on('connect', () => void Promise.resolve(talk(socket)).catch(() => {}));
  });
}

const request = (text: string) => exchange((socket) => void socket.write(text));
const get = (target: string, headers = '') =>
  request(`GET ${target} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Generous time: the machine running CI may be busy, and one case drips its body on purpose.
describe('the server answers malformed requests and keeps serving', { timeout: 20_000 }, () => {
  it('answers request targets that are no path, or badly percent-encoded, with 400', async () => {
    for (const target of ['/%E0%A4%A', '/%ff', '/%', '/a%2', '*', 'http://[/', 'x']) {
      expect((await get(target)).status, target).toBe(400);
    }
  });

  it('takes a target that starts with // for a path, never for a host; a malformed one gets 400', async () => {
    // `new URL('//[', base)` threw, and the rejection stopped the server.
    for (const target of ['//[', '//[::1', '//x:y@[', '//a:99999/']) {
      expect((await get(target)).status, target).toBe(400);
    }
    expect((await get('//evil.example/')).status).toBe(404);
  });

  it('answers a Range it cannot serve with the whole file or 416, never a reset', async () => {
    for (const range of ['bytes=3-1', 'bytes=0-1,3-4', 'bytes=x-y', 'lines=1-2']) {
      const answer = await get('/index.html', `Range: ${range}\r\n`);
      expect(answer.status, range).toBe(200);
      expect(answer.body, range).toContain('<p>Home</p>');
    }
    expect((await get('/index.html', 'Range: bytes=1000-\r\n')).status).toBe(416);
    const part = await get('/index.html', 'Range: bytes=0-8\r\n');
    expect(part.status).toBe(206);
    expect(part.body).toBe('<!doctype');
    const last = await get('/index.html', 'Range: bytes=-5\r\n');
    expect(last.status).toBe(206);
    expect(last.body).toBe('e</p>'); // the end of '<p>Home</p>'
  });

  it('sends a piece uncompressed, and the whole file when If-Range no longer names it', async () => {
    // Compressed on the way, the piece's body was deflate while Content-Range counted the stored bytes.
    const piece = await get('/notes.txt', 'Range: bytes=0-9\r\nAccept-Encoding: deflate, gzip\r\n');
    expect(piece.status).toBe(206);
    expect(piece.head).not.toMatch(/content-encoding/i);
    expect(piece.head).toMatch(/content-range: bytes 0-9\/6000/i);
    expect(piece.body).toBe('A line of ');
    // A download resumed from another version of the file gets the file whole (RFC 9110, 13.1.5).
    const changed = await get('/notes.txt', 'Range: bytes=0-9\r\nIf-Range: W/"bogus"\r\n');
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(6000);
  });

  it('never gives an error the year of caching _headers gives the files of /_astro/', async () => {
    const longLived = /^Cache-Control: .*max-age=31536000/im;
    expect((await get('/_astro/app.js')).head).toMatch(longLived);
    // A cache that kept one of these for a year gave it for the script, and the site broke.
    const errors = [
      await get('/_astro/app.js', 'Range: bytes=1000-\r\n'),
      await request(
        'POST /_astro/app.js HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      ),
      await get('/_astro/missing.js'),
    ];
    expect(errors.map((answer) => answer.status)).toEqual([416, 405, 404]);
    for (const answer of errors) {
      expect(answer.head, String(answer.status)).not.toMatch(longLived);
      expect(answer.head, String(answer.status)).toMatch(/^Cache-Control: no-store$/im);
    }
  });

  it('keeps CR, LF and other characters out of the Location header', async () => {
    const split = await get('/u/%0D%0ASet-Cookie:%20session=1');
    expect(split.status).toBe(301);
    expect(split.head).toContain('\r\nLocation: /users/%0D%0ASet-Cookie%3A%20session%3D1\r\n');
    expect(split.head).not.toMatch(/^Set-Cookie/im);
    const unicode = await get('/u/%E2%98%83');
    expect(unicode.head).toContain('\r\nLocation: /users/%E2%98%83\r\n');
    const other = await get('/go//evil.example');
    expect(other.status).toBe(302);
    expect(other.head).toContain('\r\nLocation: /%2Fevil.example\r\n');
  });

  it('refuses huge headers and garbage with an answer of its own', async () => {
    expect((await get('/', `X-Big: ${'a'.repeat(64 * 1024)}\r\n`)).status).toBe(431);
    expect((await request('\u0000\u0001 nonsense\r\n\r\n')).status).toBe(400);
    expect((await request('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')).status).toBe(400);
  });

  it('answers a body larger than the limit with 413 and closes without reading it to the end', async () => {
    // Declared: 50 MB, of which the client sends 128 kB and then waits.
    const declared = await exchange((socket) => {
      socket.write(
        `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(128 * 1024, 'a'));
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: 'The submission is too large.' });
    expect(declared.closedAfterMs).toBeLessThan(2000);
    // Chunked, with no length given: refused once past the limit, though the body never ends.
    const chunked = await exchange((socket) => {
      socket.write(
        `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      for (let sent = 0; sent < 128 * 1024; sent += 16 * 1024) {
        socket.write(`4000\r\n${'a'.repeat(16 * 1024)}\r\n`);
      }
    });
    expect(chunked.status).toBe(413);
  });

  it('answers a page asked with a body it does not read, and closes without reading it to the end', async () => {
    // Declared: 50 MB, of which the client sends 128 kB and then waits. Kept alive, the connection
    // read any body to its end (1 GB in a second) and waited for the rest.
    for (const method of ['POST', 'PUT', 'GET']) {
      const answer = await exchange((socket) => {
        socket.write(
          `${method} /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(128 * 1024, 'a'));
      });
      expect(answer.status, method).toBe(method === 'GET' ? 200 : 405);
      expect(answer.closedAfterMs, method).toBeLessThan(2000);
    }
  });

  it('answers a slow body, and serves others meanwhile', async () => {
    const body = '{"name": "slow", "message": "one byte at a time"'; // no closing brace: never saved
    const half = body.length / 2;
    // The slow client sends the second half of its body only once another client has had its
    // answer: a server that served no one else meanwhile would never answer either.
    let otherAnswered!: () => void;
    const answeredMeanwhile = new Promise<void>((resolve) => (otherAnswered = resolve));
    let bodyStarted!: () => void;
    const started = new Promise<void>((resolve) => (bodyStarted = resolve));
    const slow = exchange(async (socket) => {
      socket.write(
        `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      for (const [index, character] of [...body].entries()) {
        if (index === 1) bodyStarted();
        if (index === half) await answeredMeanwhile;
        socket.write(character);
        await sleep(10);
      }
    });
    // A client that gives up half-way through its body.
    const abandoned = exchange(async (socket) => {
      socket.write(
        `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
      );
      await sleep(100);
      socket.destroy();
    });
    await started;
    const other = await get('/');
    otherAnswered();
    expect(other.status).toBe(200);
    expect((await slow).status).toBe(400);
    expect((await abandoned).status).toBe(0);
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const form = await request(
      `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: 9\r\n\r\nname=Zoe`,
    );
    expect(form.status).toBe(415);
  });

  it("keeps the host's rule files and the build's dot files to itself, as the hosts do", async () => {
    // `//_headers` is a path of its own to the URL, but the same file on the disk.
    const targets = ['/_headers', '/_redirects', '/_redirects/', '/%5Fheaders', '/.form-routes.json'];
    for (const target of [...targets, '//_headers', '///_redirects', '/%2F_headers']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toMatch(/nosniff|splat|api\/forms/);
    }
  });

  it('gives a path written with repeated slashes the headers of the path the file lookup reads', async () => {
    for (const target of ['/notes.txt', '//notes.txt', '///notes.txt', '/%2Fnotes.txt']) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.head, target).toMatch(/^X-Robots-Tag: noindex$/im);
    }
  });

  it('still serves the home page afterwards', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<p>Home</p>');
    expect(server.child.exitCode, server.output()).toBeNull();
  });
});

describe('the development collector', { timeout: 20_000 }, () => {
  it('says at start that what it collects reaches nobody, and how to deliver it', () => {
    // A server started without SMTP settings answered the forms as sent while nobody got them.
    expect(server.output()).toMatch(
      /reach nobody: to deliver them by e-mail, set SMTP_URL, MAIL_FROM and PRACTICE_INBOX/,
    );
  });

  it('is off for a build that recorded none, though the server starts without endpoint variables', async () => {
    const production = await smallBuild();
    const started = await startServer(production);
    try {
      const response = await fetch(`http://127.0.0.1:${started.port}${COLLECTOR}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      // The static files' answer to a POST, not the collector's.
      expect(response.status).toBe(405);
      expect(started.output()).not.toContain('collector');
    } finally {
      started.child.kill('SIGTERM');
      await rm(production, { recursive: true, force: true });
    }
  });
});

describe('with SMTP configured (the form handler answers the form routes)', { timeout: 30_000 }, () => {
  let mail: Started;
  let mailDist: string;
  const root = path.resolve(import.meta.dirname, '../..');

  beforeAll(async () => {
    mailDist = await smallBuild({ '.form-routes.json': JSON.stringify({ [COLLECTOR]: 'contact' }) });
    await bundleFormHandler(root, formHandlerBundle(root, mailDist));
    // Nothing listens there: the handler starts and warns; these requests never reach a send.
    mail = await startServer(mailDist, {
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'site@practice.example',
      PRACTICE_INBOX: 'inbox@practice.example',
    });
  }, 30_000);

  afterAll(async () => {
    mail?.child.kill('SIGTERM');
    await rm(mailDist, { recursive: true, force: true });
    await rm(path.dirname(formHandlerBundle(root, mailDist)), { recursive: true, force: true });
  });

  const getFrom = (target: string, headers = '') =>
    exchange(
      (socket) =>
        void socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`),
      5000,
      mail.port,
    );

  it('answers //[ and //a:99999/ with 400, not 500, and keeps serving', async () => {
    // The handler, not the collector (which takes JSON only), answers the form route.
    const web = await exchange(
      (socket) =>
        void socket.write(
          `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
            `Origin: https://evil.example\r\nContent-Length: 5\r\nConnection: close\r\n\r\nname=`,
        ),
      5000,
      mail.port,
    );
    expect(web.status).toBe(403);
    for (const target of ['//[', '//a:99999/', '//[::1']) {
      expect((await getFrom(target)).status, target).toBe(400);
    }
    expect((await getFrom(COLLECTOR)).status).toBe(405);
    expect((await getFrom(`${COLLECTOR}?x=//[`)).status).toBe(405);
    expect((await getFrom('/', 'Range: bytes=3-1\r\n')).status).toBe(200);
    expect(mail.child.exitCode, mail.output()).toBeNull();
  });

  it('closes the connection of a post it refused unread, so nothing waits for that body', async () => {
    // Kept alive, the connection waited for the body nobody read, and the client's next request on
    // it got no answer until Node's request timeout (5 minutes).
    const body = 'x'.repeat(200_000);
    const answer = await exchange(
      (socket) =>
        void socket.write(
          `POST ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            `Origin: https://evil.example\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
            `GET / HTTP/1.1\r\nHost: x\r\n\r\n`,
        ),
      5000,
      mail.port,
    );
    expect(answer.status).toBe(403);
  });

  // `new Request` throws for TRACE: each one was a 500 and a stack trace in the log.
  it('a form route asked with a method fetch refuses gets 400, not 500 and an error in the log', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      const answer = await exchange(
        (socket) =>
          void socket.write(`${method} ${COLLECTOR} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        5000,
        mail.port,
      );
      expect(answer.status, method).toBe(400);
    }
    expect(mail.output()).not.toContain('TypeError');
  });

  it('a form route with a Host no URL can hold gets 400', async () => {
    const answer = await exchange(
      (socket) =>
        void socket.write(
          `POST ${COLLECTOR} HTTP/1.1\r\nHost: a:99999\r\nContent-Type: application/json\r\n` +
            `Content-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
      5000,
      mail.port,
    );
    expect(answer.status).toBe(400);
  });
});
