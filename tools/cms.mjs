// `npm run cms`: Decap CMS on this machine. Starts Decap's local backend (decap-server, which reads and
// writes the files of this working copy) and Astro's dev server, then open http://localhost:4321/cms/.
// Ctrl-C stops both; if either stops on its own, the other is stopped too. Changes are plain files:
// review them with `git status` and `git diff`, `git add` them and commit as usual. Extra arguments go
// to `astro dev` (e.g. --port); DECAP_SERVER_PORT=8082 puts decap-server on another port, and the CMS
// and the admin follow it (src/lib/config/publish-target.mjs). `--backend-only` starts decap-server
// alone: the backend of "Publish to website" in an admin served by `npm start` on this machine.
// Two child processes do not justify a dependency such as concurrently.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenErrorNow } from '../server/listen-settings.mjs';
import { DEFAULT_DECAP_SERVER_PORT, decapServerPort } from '../src/lib/config/publish-target.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const require = createRequire(import.meta.url);
let DECAP_PORT;
try {
  DECAP_PORT = String(decapServerPort(process.env));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// decap-server would stop with a stack trace on a port already taken (another `npm run cms`).
if ((await listenErrorNow({ host: '127.0.0.1', port: Number(DECAP_PORT) }))?.code === 'EADDRINUSE') {
  console.error(
    `Port ${DECAP_PORT} on 127.0.0.1, decap-server's, is already in use, perhaps by another \`npm run cms\`: stop it, or set DECAP_SERVER_PORT to another port.`,
  );
  process.exit(1);
}

/** Runs a package's bin with this Node (npm scripts put Node 22 first on PATH). */
function start(name, script, args, env) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) (stream === child.stderr ? console.error : console.log)(prefix(line));
    });
  }
  return child;
}

const backendOnly = process.argv.includes('--backend-only');
const astroArgs = process.argv.slice(2).filter((arg) => arg !== '--backend-only');

const children = [
  start('decap-server', require.resolve('decap-server/dist/index.js'), [], {
    PORT: DECAP_PORT,
    // Loopback only: the local backend writes files and has no sign-in.
    BIND_HOST: '127.0.0.1',
    GIT_REPO_DIRECTORY: root,
    MODE: 'fs',
  }),
  ...(backendOnly
    ? []
    : [
        start('astro', path.join(root, 'node_modules/astro/bin/astro.mjs'), ['dev', ...astroArgs], {
          ASTRO_TELEMETRY_DISABLED: '1',
          // Turns off Astro's development toolbar (astro.config.mjs): it covered the bottom of the CMS.
          CMS_EDITING: '1',
          // The CMS and the admin talk to decap-server on this port (src/lib/config/publish-target.mjs).
          DECAP_SERVER_PORT: DECAP_PORT,
        }),
      ]),
];

let stopping = false;
let exitCode = 0;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A child that ignores SIGTERM does not keep the terminal.
  setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `${child.spawnargs[1]} stopped (${signal ?? `exit code ${code}`}); stopping the other one.`,
      );
      stopAll(code || 1);
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

console.log(
  backendOnly
    ? `decap-server (the local backend) on 127.0.0.1:${DECAP_PORT}: "Publish to website" in an admin opened on localhost, and /cms/ of \`npm start\`, write this working copy${
        // The admin's address of decap-server is fixed at build: an `npm start` built without the
        // variable publishes to the default port, where another project's decap-server may listen.
        DECAP_PORT === String(DEFAULT_DECAP_SERVER_PORT)
          ? ''
          : `, when that \`npm start\` was built with DECAP_SERVER_PORT=${DECAP_PORT} too (without it, its admin publishes to port ${DEFAULT_DECAP_SERVER_PORT})`
      }. Ctrl-C stops it.`
    : `Decap CMS: open /cms/ on the address Astro prints (http://localhost:4321/cms/ by default); local backend on port ${DECAP_PORT}. Ctrl-C stops both.`,
);
