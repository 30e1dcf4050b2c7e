// `npm start` serves the production build the way the documented static hosts do: public/_redirects
// rewrites, public/_headers headers, the 404 page with status 404, compression.
//
// `node server/serve.mjs --build` (`npm start`) builds into a fresh .releases/<id>/ and serves the
// live release (.releases/current, server/releases.mjs); `--releases` serves it without building;
// `--build-later` serves it at once and builds meanwhile.
// Each request reads which release is live, so `npm run update` (or SIGHUP, `systemctl reload`)
// switches a running site to a new build with no restart and no moment of half-written files.
// Without those flags it serves one folder as it is: dist/, or `node server/serve.mjs DIR` (or
// DIST_DIR=DIR), which the server's own tests use for a small build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { closeAfter } from './close-after.mjs';
import { createDevCollector, readFormRoutes } from './dev-collector.mjs';
import { loadFormHandler } from './forms.mjs';
import { headersFor, matchRedirect, parseHeaders, parseRedirects, RULE_FILES } from './host-rules.mjs';
import { buildRelease, currentRelease, RELEASES, releaseBefore } from './releases.mjs';
import { inertFileHeaders } from './inert-files.mjs';
import { createSiteServer, listenErrorNow, listenProblem, listenSettings } from './listen-settings.mjs';
import { createScheduler } from './schedule.mjs';
import { staticFiles } from './static-files.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const RELEASE_FLAGS = ['--build', '--build-later', '--releases'];

/**
 * What is wrong with the command line, in one line, or undefined. An option of another tool
 * (`npm run cms -- --port 4400` works, `npm start -- --port 4400` did nothing) or a typo was ignored,
 * and the server went on where nobody had asked it to.
 * @param {string[]} args
 */
function argumentsProblem(args) {
  const unknown = args.find((arg) => arg.startsWith('-') && !RELEASE_FLAGS.includes(arg));
  if (unknown)
    return (
      `Unknown option ${unknown}: the server takes ${RELEASE_FLAGS.slice(0, -1).join(', ')} or ` +
      `${RELEASE_FLAGS.at(-1)}, or a folder to serve; where it listens comes from PORT and HOST ` +
      '(PORT=4400 npm start).'
    );
  const folders = args.filter((arg) => !arg.startsWith('-'));
  if (folders.length > 1)
    return `One folder to serve at most; got ${folders.map((folder) => `"${folder}"`).join(' and ')}.`;
  const flag = args.find((arg) => RELEASE_FLAGS.includes(arg));
  if (flag && folders.length)
    return (
      `${flag} serves the live release (${RELEASES}/current), not a folder: leave out "${folders[0]}", ` +
      `or serve that folder with \`node server/serve.mjs ${folders[0]}\`.`
    );
  return undefined;
}
const args = process.argv.slice(2);
const badArguments = argumentsProblem(args);
if (badArguments) {
  console.error(badArguments);
  process.exit(1);
}
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const folderArg = args.find((arg) => !arg.startsWith('--'));
const releases = RELEASE_FLAGS.some((flag) => flags.has(flag));
// Where to listen, checked before anything is built: a wrong PORT, a port already taken or a
// certificate that cannot be read is said at once, in one line (server/listen-settings.mjs).
const settings = listenSettings(process.env);
if (!settings.ok) {
  console.error(settings.problem);
  process.exit(1);
}
const { port, host, tls } = settings;
const listenError = await listenErrorNow({ host, port });
if (listenError) {
  console.error(listenProblem(listenError, { host, port }));
  process.exit(1);
}
const shown = (dir) => path.relative(process.cwd(), dir) || '.';

/**
 * Builds a release; returns its folder, or on failure says why and returns undefined (the live
 * release, if any, stays). The build is told the moment it starts as its "now" (SITE_BUILD_NOW), so
 * the next scheduled time it records is measured from the same moment as the posts it left out.
 */
async function rebuild(reason) {
  console.log(`${reason}: building a new release into ${RELEASES}/…`);
  try {
    // Another build running (`npm run update`, still removing old releases after its switch) is
    // waited for: a scheduled post failing on it would wait a minute for the retry.
    const { dir } = await buildRelease({
      root,
      env: () => ({ ...process.env, SITE_BUILD_NOW: new Date().toISOString() }),
      onOutput: (text) => process.stdout.write(text),
      onBusy: (pid) =>
        console.log(`Another build is running (process ${pid}): this one starts when it ends.`),
    });
    console.log(`Built ${shown(dir)}/: it is served from the next request on.`);
    if (releases && listening) void schedule.watch(dir);
    return dir;
  } catch (error) {
    const live = await currentRelease(root);
    console.error(
      `${error.message}
${live ? `Still serving ${shown(live)}/.` : 'There is no earlier build to serve.'}`,
    );
    return undefined;
  }
}

// Scheduled posts (server/schedule.mjs): the live build says when its next post is due; the site
// rebuilds then, and after every switch waits for the new build's next one.
const schedule = createScheduler({ rebuild });
let listening = false;

/**
 * `systemctl reload` (the unit's ExecReload), `kill -HUP` and a restart's own build: one build at a
 * time, and a reload asked for while one runs is not dropped but builds once more after it, with what
 * changed meanwhile. Returns the running build.
 */
let building;
let again;
function build(reason) {
  if (building) {
    if (!again) console.log(`${reason}: a build is running; another starts when it ends.`);
    again ??= reason;
    return building;
  }
  building = rebuild(reason).finally(() => {
    building = undefined;
    const next = again;
    again = undefined;
    if (next) void build(`${next}, asked for during the last build`);
  });
  return building;
}
// From the start: a SIGHUP's default is to end the process, and the first build takes minutes. A
// server of one fixed folder has nothing to rebuild, and says so.
process.on('SIGHUP', () =>
  releases
    ? void build('SIGHUP')
    : console.log('SIGHUP: this server serves one folder as it is; nothing to rebuild.'),
);

// --build-later (the systemd unit): a restart serves the live release at once and switches when the
// new build is done, rather than leaving the site down for a build; with no release yet, as --build.
const buildLater = flags.has('--build-later') && (await currentRelease(root)) !== undefined;
if (flags.has('--build') || (flags.has('--build-later') && !buildLater)) await build('Starting');
const fixedDir = releases ? undefined : path.resolve(root, folderArg ?? (process.env.DIST_DIR || 'dist'));
const firstDir = fixedDir ?? (await currentRelease(root));
if (!firstDir || !existsSync(path.join(firstDir, 'index.html'))) {
  console.error(
    releases
      ? 'No build to serve: put right what the build said above, then `npm start` again.'
      : `${firstDir} has no build. Run \`npm run build\` first (or \`npm start\`, which builds).`,
  );
  process.exit(1);
}

/**
 * Everything the server reads from one build: its rules, its form routes (and the handler bundled
 * for it), its files. Read once per build: a release never changes once live.
 */
async function loadSite(dist) {
  const readRules = (name) => {
    const file = path.join(dist, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  // The form routes answer only for the endpoints the build itself left unset (it recorded them).
  const formRoutes = readFormRoutes(dist);
  // With SMTP configured, the form handler (e-mail) answers those routes instead (server/forms.mjs).
  const formHandler = await loadFormHandler({ root, dist, routes: formRoutes });
  const headerBlocks = parseHeaders(readRules(RULE_FILES.headers));
  // The 404 page is a page wherever the unknown address is: _headers gave the answer the headers of
  // that address, and under a folder of files (`/_astro/*`, `/icons/*`) that is the inert policy
  // of files that are not pages, which sandboxed the page and blocked its style sheet. The 404
  // page's own headers go over them (its address's others, such as the admin's noindex, stay).
  const notFoundHeaders = headersFor(headerBlocks, '/404.html');
  const notFoundPage = async (req, res) => {
    for (const [name, value] of notFoundHeaders) res.setHeader(name, value);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    // Through the same lookup as every file: a 404.html that is a link out of the build is not sent.
    await files.sendPage(req, res, '/404.html', 'Not found');
  };
  // After a switch, a page still open from the release before asks for that release's scripts
  // (/_astro/ names hold their content's hash, so an old name is never a new file): they are served
  // from it while it is kept. Without them its forms stopped working, saying the connection failed.
  const before = releases ? await releaseBefore(root, dist) : undefined;
  const earlierFiles =
    before &&
    staticFiles(before, {
      setHeaders: (res, servedFile) => inertFileHeaders(res, servedFile),
      onNoMatch: notFoundPage,
    });
  const files = staticFiles(dist, {
    // Runs after _headers was applied: it only fills in the default the hosts use for files that
    // _headers gives no caching of its own (the admin's no-store, the worker's no-cache stay).
    setHeaders(res, servedFile) {
      if (!res.hasHeader('Cache-Control'))
        res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
      // A file that is not a page runs nothing when opened on its own (server/inert-files.mjs).
      inertFileHeaders(res, servedFile);
    },
    onNoMatch: (req, res) =>
      earlierFiles && (req.url ?? '').startsWith('/_astro/')
        ? earlierFiles(req, res)
        : notFoundPage(req, res),
  });
  return {
    dist,
    redirects: parseRedirects(readRules(RULE_FILES.redirects)),
    headerBlocks,
    formRoutes,
    formHandler,
    collect: formHandler ?? createDevCollector({ routes: formRoutes, dataDir: path.join(root, '.data') }),
    files,
  };
}

let site = await loadSite(firstDir);
/** The release being loaded after a switch, shared by the requests that arrive meanwhile. */
let loading;

/** The site of the live release: the one loaded, or the one `current` now points to. */
async function liveSite() {
  if (!releases) return site;
  const dir = await currentRelease(root);
  if (!dir || dir === site.dist) return site;
  if (loading?.dir !== dir) {
    loading = {
      dir,
      promise: loadSite(dir).then(
        (next) => {
          console.log(`Now serving ${shown(dir)}/.`);
          site = next;
          // A switch made elsewhere (`npm run update`) brings its own next scheduled time.
          void schedule.watch(dir);
          return next;
        },
        (error) => {
          console.error(`Could not switch to ${shown(dir)}/ (still serving ${shown(site.dist)}/):`, error);
          return site;
        },
      ),
    };
  }
  return loading.promise;
}

const compress = compression();

/**
 * The request as the compressor sees it: a HEAD as a GET. It never compresses a HEAD, so a HEAD of a
 * file without a compressed copy said the file's own length and no encoding where the GET sent it
 * compressed (RFC 9110, 9.3.2: the same header fields). What it then writes Node drops: a HEAD gets
 * no body.
 */
const forCompressor = (req) =>
  req.method === 'HEAD' ? Object.create(req, { method: { value: 'GET' } }) : req;

/**
 * The request's URL and decoded path, or undefined for a target no browser sends (`*`, an absolute
 * URL, bad percent-encoding, `//[`): those get a 400. Read after the origin, so that `//host` stays
 * a path, as the file lookup reads it (`new URL('//[', base)` threw, and the rejection stopped the server).
 */
function requestTarget(rawUrl = '') {
  if (!rawUrl.startsWith('/')) return undefined;
  try {
    // Taken as a URL reference, `//[` or `//a:99999/` is a malformed host: 400, as the form
    // handler's code, which reads a request as a URL, would otherwise fail on it.
    new URL(rawUrl, 'http://localhost');
    const url = new URL(`http://localhost${rawUrl}`);
    return { url, pathname: decodeURIComponent(url.pathname) };
  } catch {
    return undefined;
  }
}

async function handle(req, res) {
  const target = requestTarget(req.url);
  if (!target) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end('Bad request');
    return;
  }
  const { url, pathname } = target;
  const { headerBlocks, collect, redirects, files } = await liveSite();
  // Repeated slashes as one, as the file lookup (and nginx) reads the path: `//admin/posts` is the
  // admin's page, and matched as written it got none of the admin's headers (no-store, noindex).
  for (const [name, value] of headersFor(headerBlocks, pathname.replace(/\/{2,}/g, '/')))
    res.setHeader(name, value);

  if (await collect(req, res)) return;
  // Nothing below reads a body: one still arriving (a POST to a page, a GET with a body) ends with
  // the answer. Kept alive, the connection read a body of any size to its end, 1 GB in a second.
  if (!req.complete) closeAfter(req, res);

  const rule = matchRedirect(redirects, pathname);
  if (rule && rule.status !== 200) {
    res.writeHead(rule.status, { Location: rule.target + url.search });
    res.end();
    return;
  }
  if (rule) req.url = rule.target + url.search; // a rewrite: serve the target at the original URL

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    // An error, not the file: never the caching _headers gives the path (a year for /_astro/).
    res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  await new Promise((resolve, reject) => {
    // A piece of a file is a piece of its bytes as stored: never compressed on the way (the Content-Range
    // would count bytes the body does not have).
    if (req.headers.range) files(req, res).then(resolve, reject);
    else compress(forCompressor(req), res, () => files(req, res).then(resolve, reject));
  });
}

// Whatever else fails still gets an answer (or, mid-answer, a closed stream), never an unhandled
// rejection: that would stop the server for everyone.
function serve(req, res) {
  handle(req, res).catch((error) => {
    console.error(`${req.method} ${req.url}:`, error);
    if (res.headersSent) (res.stream ?? res).destroy();
    else {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('Internal server error');
    }
  });
}

// HTTPS with HTTP/2 when a certificate is given (the audit's AUDIT_HTTP2 mode makes a self-signed
// one); plain HTTP/1.1 otherwise, which is what `npm start` does. Either way with limits on how long
// a client may take to send its request (server/listen-settings.mjs, REQUEST_TIMEOUTS).
const server = createSiteServer(serve, { tls });
server.on('error', (error) => {
  if (server.listening) console.error('Server error:', error);
  else {
    console.error(listenProblem(error, { host, port }));
    process.exit(1);
  }
});

server.listen(port, host, () => {
  const { dist, formHandler, formRoutes } = site;
  console.log(
    `Serving ${shown(dist)}/ on ${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}${releases ? ` (the live release; \`npm run update\` rebuilds and switches)` : ''}`,
  );
  if (formHandler) {
    console.log(`Form handler active for: ${Object.values(formRoutes).join(', ')} (e-mail over SMTP)`);
  } else if (Object.keys(formRoutes).length > 0) {
    console.log(
      `Development form collector active for: ${Object.values(formRoutes).join(', ')} (.data/submissions.jsonl). ` +
        'Messages and registrations stay in that file on this computer and reach nobody: to deliver them ' +
        'by e-mail, set SMTP_URL, MAIL_FROM and PRACTICE_INBOX (docs/deployment.md, "Forms and e-mail").',
    );
  }
});

if (releases)
  server.once('listening', () => {
    listening = true;
    void schedule.watch(site.dist);
  });
if (buildLater) server.once('listening', () => void build('Started on the live release'));

/**
 * How long a stop (SIGTERM, SIGINT) lets the answers under way finish. Past it the process ends
 * anyway: one phone asleep mid-download held a stop, and with it `systemctl restart`, for 90 s.
 */
const STOP_GRACE_MS = 5000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) process.exit(0); // asked twice: now
    stopping = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  });
