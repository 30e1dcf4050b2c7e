// Development stand-in for the form services, used by `npm start` only for the endpoints the build
// itself pointed at it (the build records them in dist/, below): each submission is appended as one
// JSON line to .data/submissions.jsonl and logged (that it arrived, never what it says), so a newcomer
// sees both forms work end to end. Never a production backend. What visitors typed is kept no longer
// than needed: entries older than RETENTION_DAYS are removed at start and before each write, and the
// file has a cap (docs/deployment.md, "What is kept, and for how long").
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORM_ROUTE_PREFIX, FORM_NAMES } from '../src/lib/config/shared.mjs';
import { closeAfter } from './close-after.mjs';

const MAX_BODY_BYTES = 64 * 1024;
/** A body must have arrived whole within this time: a client that drips it holds nothing longer. */
const BODY_MS = 10_000;
/** The file never grows past this: a form left on a loop, or a page that posts to it, fills no disk. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** A submission is removed from the file this many days after it arrived. */
export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** In dist/: which collector paths the build's forms post to. A dotfile, so the server never serves it (server/static-files.mjs). */
export const ROUTES_FILE = '.form-routes.json';
const FORMS = new Set(FORM_NAMES);

/** Records `routes` (path to form name) in the build; a build with none leaves no file. */
export async function writeFormRoutes(dist, routes) {
  const file = path.join(dist, ROUTES_FILE);
  if (Object.keys(routes).length === 0) await rm(file, { force: true });
  else await writeFile(file, JSON.stringify(routes, null, 2) + '\n');
}

/** The routes the build recorded: none for a build whose forms all post to real endpoints. */
export function readFormRoutes(dist) {
  const file = path.join(dist, ROUTES_FILE);
  if (!existsSync(file)) return {};
  const recorded = JSON.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(recorded).filter(
      ([route, form]) => route.startsWith(FORM_ROUTE_PREFIX) && FORMS.has(form),
    ),
  );
}

/**
 * A submission as its line of the file. JSON.parse reads any depth, but JSON.stringify runs out of
 * stack on a body nested some thousands deep (64 kB of `[`): no form sends one, so it is unreadable
 * (400), not a failure to save (500).
 */
function entryLine(entry) {
  try {
    return JSON.stringify(entry) + '\n';
  } catch {
    throw Object.assign(new Error('Nested too deep'), { status: 400 });
  }
}

const tooLarge = () => Object.assign(new Error('Payload too large'), { status: 413 });
const tooSlow = () => Object.assign(new Error('Body too slow'), { status: 408 });

/**
 * The body as text; rejects (413) as soon as it is larger than the limit, without reading on, and
 * (408) when it has not all arrived within `bodyMs`.
 */
function readBody(req, bodyMs) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) {
      reject(tooLarge());
      return;
    }
    const timer = setTimeout(() => {
      req.off('data', onData);
      req.pause();
      reject(tooSlow());
    }, bodyMs);
    req.on('close', () => clearTimeout(timer));
    let size = 0;
    const chunks = [];
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      clearTimeout(timer);
      req.off('data', onData);
      req.pause();
      reject(tooLarge());
    };
    req.on('data', onData);
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function send(res, status, payload) {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

const isJson = (contentType) => contentType.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * Removes the entries of a submissions file received before `cutoff` (and any line that is not an
 * entry), rewriting the file only when something goes: through a temporary file and a rename, so an
 * interruption leaves either the old file or the new one. Returns how many lines were removed.
 */
export async function pruneSubmissions(file, cutoff) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return 0;
    throw error;
  }
  const lines = text.split('\n').filter((line) => line !== '');
  const kept = lines.filter((line) => {
    try {
      const receivedAt = Date.parse(JSON.parse(line).receivedAt);
      return receivedAt >= cutoff.getTime();
    } catch {
      return false;
    }
  });
  if (kept.length === lines.length) return 0;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, kept.map((line) => line + '\n').join(''), { mode: 0o600 });
  await rename(temporary, file);
  return lines.length - kept.length;
}

/**
 * @param {{ routes: Record<string, string>, dataDir: string, log?: (line: string) => void,
 *   maxFileBytes?: number, bodyMs?: number, retentionDays?: number, now?: () => Date }} options
 *   routes maps a URL path to a form name (contact, registration, confirmation).
 */
export function createDevCollector({
  routes,
  dataDir,
  log = console.log,
  maxFileBytes = MAX_FILE_BYTES,
  bodyMs = BODY_MS,
  retentionDays = RETENTION_DAYS,
  now = () => new Date(),
}) {
  const file = path.join(dataDir, 'submissions.jsonl');
  const prune = async () => {
    const removed = await pruneSubmissions(file, new Date(now().getTime() - retentionDays * DAY_MS));
    if (removed > 0) log(`[dev collector] removed ${removed} submission(s) older than ${retentionDays} days`);
  };
  // One write at a time, so two submissions at once cannot both pass the size check. The first
  // is the pruning at start.
  let appending = prune().catch((error) =>
    log(`[dev collector] could not remove old submissions: ${error?.code ?? 'error'}`),
  );
  const append = (line) => {
    const done = appending.then(async () => {
      await mkdir(dataDir, { recursive: true });
      await prune();
      const size = await stat(file).then(
        (stats) => stats.size,
        () => 0,
      );
      if (size + Buffer.byteLength(line) > maxFileBytes) return false;
      await appendFile(file, line, { mode: 0o600 });
      return true;
    });
    appending = done.catch(() => {});
    return done;
  };

  /** Settles once the pruning at start is done. */
  collect.ready = appending;
  return collect;

  async function collect(req, res) {
    // The path as sent, compared as a string: no parsing that a malformed URL could make throw.
    const route = (req.url ?? '').split('?')[0];
    const form = Object.hasOwn(routes, route) ? routes[route] : undefined;
    if (!form) return false;
    if (req.method !== 'POST') {
      closeAfter(req, res);
      res.setHeader('Allow', 'POST');
      send(res, 405, { error: 'Use POST' });
      return true;
    }
    // JSON only, as the site's forms send it: a page elsewhere can post a plain HTML form to
    // localhost without asking, but not JSON (the browser asks first, and this answers no CORS).
    if (!isJson(String(req.headers['content-type'] ?? ''))) {
      closeAfter(req, res);
      send(res, 415, { error: 'The development collector accepts only application/json.' });
      return true;
    }
    try {
      const data = JSON.parse((await readBody(req, bodyMs)) || '{}');
      const line = entryLine({ receivedAt: now().toISOString(), form, data });
      if (!(await append(line))) {
        send(res, 507, {
          error: `The development collector's ${path.relative(process.cwd(), file)} is full; empty it to collect more.`,
        });
        return true;
      }
      log(`[dev collector] ${form} submission saved to ${path.relative(process.cwd(), file)}`);
      send(res, 200, form === 'confirmation' ? { success: true } : { ok: true, next: '/' });
    } catch (error) {
      const status = error?.status ?? (error instanceof SyntaxError ? 400 : 500);
      if (status === 413 || status === 408) closeAfter(req, res);
      const message = {
        400: 'The submission could not be read.',
        408: 'The submission took too long to arrive.',
        413: 'The submission is too large.',
        500: 'The submission could not be saved.',
      };
      send(res, status, { error: message[status] });
    }
    return true;
  }
}
