// Development stand-in for the form services, used by `npm start` only when an endpoint variable
// is unset: each submission is appended as one JSON line to .data/submissions.jsonl and logged, so
// a newcomer sees both forms work end to end. Never a production backend.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

const MAX_BODY_BYTES = 64 * 1024;

function readBody(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    // Past the limit the rest is read and dropped, so the client still gets a clear answer.
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(Object.assign(new Error('Payload too large'), { status: 413 }));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function parse(body, contentType) {
  if (contentType.includes('application/json')) return JSON.parse(body || '{}');
  return Object.fromEntries(new URLSearchParams(body)); // a plain HTML form post (no JavaScript)
}

function send(res, status, payload) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(payload));
}

/**
 * @param {{ routes: Record<string, string>, dataDir: string, log?: (line: string) => void }} options
 *   routes maps a URL path to a form name (contact, registration, confirmation).
 */
export function createDevCollector({ routes, dataDir, log = console.log }) {
  const file = path.join(dataDir, 'submissions.jsonl');
  return async function collect(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const form = routes[url.pathname];
    if (!form) return false;
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      send(res, 405, { error: 'Use POST' });
      return true;
    }
    try {
      const contentType = String(req.headers['content-type'] ?? '');
      const data = parse(await readBody(req), contentType);
      const entry = { receivedAt: new Date().toISOString(), form, data };
      await mkdir(dataDir, { recursive: true });
      await appendFile(file, JSON.stringify(entry) + '\n');
      log(`[dev collector] ${form} submission saved to ${path.relative(process.cwd(), file)}`);
      if (!contentType.includes('application/json')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><meta charset="utf-8"><title>Received</title><p>Thank you. Your form was received by the development collector.</p><p><a href="/">Back to the home page</a></p>',
        );
        return true;
      }
      send(res, 200, form === 'confirmation' ? { success: true } : { ok: true, next: '/' });
    } catch (error) {
      const status = error?.status ?? 400;
      send(res, status, {
        error: status === 413 ? 'The submission is too large.' : 'The submission could not be read.',
      });
    }
    return true;
  };
}
