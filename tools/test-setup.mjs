// The first step of `npm test`: finds the programs the tests need outside npm, or provides them,
// before any test runs (docs/development.md#tests, docs/decisions/0018-npm-test-provides-its-tools.md).
//
// - Chromium, for the end-to-end tests: CHROME_PATH, else /usr/bin/chromium, else `chromium` on
//   PATH, else the Chromium that `npx playwright install chromium` downloads. A snap (Ubuntu's
//   chromium-browser) does not count: its sandbox hides the /tmp profile Playwright gives it. On
//   Debian, Chromium's headless shell (package chromium-headless-shell) too, installed where the
//   step may install: the end-to-end tests run in it when it is there and CHROME_PATH is unset
//   (e2eChromiumPath; decision 0040). It is never required.
// - Java 17 or later, for the Nu Html Checker (vnu-jar) of `npm run test:site`; older is missing.
// - nginx, for the check of the self-hosting configuration (`nginx -t`), and systemd-analyze (Debian's
//   systemd package, on every Debian and Ubuntu), for the check of its service unit: Linux only.
//
// Where it may install (root, or sudo without a password, on Debian or Ubuntu) it installs what is
// missing and says so in one line; elsewhere it stops with the command to run, exit code 1.
// Every decision is a function of a `system` (environment, files, commands), so the unit tests
// (tests/unit/test-setup.test.ts) give a fake one and never run apt-get.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {{ status: number | null, stdout: string, stderr: string }} RunResult
 * @typedef {object} System
 * @property {Record<string, string | undefined>} env
 * @property {string} platform process.platform
 * @property {number} uid 0 for root
 * @property {string | null} osRelease the text of /etc/os-release, null when absent
 * @property {(file: string) => boolean} isExecutable a file (not a folder) this user may run
 * @property {(file: string) => boolean} isSnap a snap, or a script that starts one
 * @property {() => string | null} playwrightChromium where Playwright's own Chromium would be
 * @property {(command: string, args: string[], quiet?: boolean) => RunResult} run
 * @typedef {{ path: string, version?: number } | { missing: string, fatal?: boolean }} Found
 * @typedef {{ chromium: Found, java: Found, nginx: Found, systemd: Found }} Tools
 */

export const JAVA_MIN = 17;
const TOOLS = /** @type {const} */ (['chromium', 'java', 'nginx', 'systemd']);
const WHAT = {
  chromium: 'Chromium (end-to-end tests)',
  java: `Java ${JAVA_MIN}+ (the HTML checker)`,
  nginx: 'nginx (the self-hosting configuration check)',
  systemd: 'systemd-analyze (the self-hosting service unit check)',
};
const PLAYWRIGHT_CHROMIUM = 'npx playwright install --with-deps chromium';
const MAC_CHROME = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';

/** @param {System} system @param {string} name the first `name` on PATH, or null */
export function onPath(system, name) {
  for (const dir of (system.env.PATH ?? '').split(path.delimiter)) {
    if (dir && system.isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * The Chromium the tests use. CHROME_PATH, when set, is the only one considered: a wrong one is a
 * mistake to fix (fatal), not something an installed Chromium would mend.
 * @param {System} system @returns {Found}
 */
export function findChromium(system) {
  const chosen = system.env.CHROME_PATH;
  if (chosen) {
    return system.isExecutable(chosen)
      ? { path: chosen }
      : { missing: `CHROME_PATH is ${chosen}, which is not a program: correct it or unset it`, fatal: true };
  }
  const candidates = ['/usr/bin/chromium', onPath(system, 'chromium'), system.playwrightChromium()];
  for (const candidate of candidates) {
    if (candidate && system.isExecutable(candidate) && !system.isSnap(candidate)) return { path: candidate };
  }
  return { missing: 'no Chromium found' };
}

/** Debian's package of Chromium's headless shell and where it puts the program. */
const HEADLESS_SHELL = 'chromium-headless-shell';

/**
 * Chromium's headless shell (the same engine and version as Debian's chromium, without the browser's
 * own windows), or null. A snap does not count, as for Chromium.
 * @param {System} system @returns {string | null}
 */
export function findHeadlessShell(system) {
  const candidates = [`/usr/bin/${HEADLESS_SHELL}`, onPath(system, HEADLESS_SHELL)];
  return candidates.find((file) => file && system.isExecutable(file) && !system.isSnap(file)) ?? null;
}

/**
 * The major version in `java -version`'s output: 'openjdk version "17.0.15"' is 17,
 * 'java version "1.8.0_292"' is 8. Null when there is none.
 * @param {string} text
 */
export function javaMajor(text) {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

/** `java` on PATH (how tools/check-html.mjs runs it), 17 or later. @param {System} system @returns {Found} */
export function findJava(system) {
  const java = onPath(system, 'java');
  if (!java) return { missing: 'no java on PATH' };
  const result = system.run(java, ['-version'], true);
  const version = result.status === 0 ? javaMajor(`${result.stderr}\n${result.stdout}`) : null;
  if (version === null) return { missing: `${java} -version did not name a version` };
  if (version < JAVA_MIN) return { missing: `found Java ${version} (${java})` };
  return { path: java, version };
}

/** nginx on PATH, else where Debian puts it (/usr/sbin is often not on a user's PATH). @param {System} system @returns {Found} */
export function findNginx(system) {
  const found = [onPath(system, 'nginx'), '/usr/sbin/nginx', '/usr/local/sbin/nginx'].find(
    (candidate) => candidate && system.isExecutable(candidate),
  );
  return found ? { path: found } : { missing: 'no nginx found' };
}

/** systemd-analyze, which verifies deploy/systemd's unit. @param {System} system @returns {Found} */
export function findSystemdAnalyze(system) {
  const found = [onPath(system, 'systemd-analyze'), '/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find(
    (candidate) => candidate && system.isExecutable(candidate),
  );
  return found ? { path: found } : { missing: 'no systemd-analyze found' };
}

/** @param {System} system @returns {Tools} */
export function findTools(system) {
  return {
    chromium: findChromium(system),
    java: findJava(system),
    nginx: findNginx(system),
    systemd: findSystemdAnalyze(system),
  };
}

/**
 * Debian, Ubuntu (or a derivative that says it is like one) with its major version, else null.
 * @param {string | null} osRelease
 * @returns {{ family: 'debian' | 'ubuntu', version: number } | null}
 */
export function distro(osRelease) {
  if (!osRelease) return null;
  const field = (name) => (new RegExp(`^${name}="?([^"\\n]*)`, 'm').exec(osRelease)?.[1] ?? '').toLowerCase();
  const ids = `${field('ID')} ${field('ID_LIKE')}`.split(/\s+/);
  const version = Number.parseInt(field('VERSION_ID'), 10) || 0;
  if (field('ID') === 'ubuntu' || (field('ID') !== 'debian' && ids.includes('ubuntu'))) {
    return { family: 'ubuntu', version: field('ID') === 'ubuntu' ? version : 0 };
  }
  if (ids.includes('debian')) return { family: 'debian', version: field('ID') === 'debian' ? version : 0 };
  return null;
}

/**
 * The Java package: default-jre-headless where its Java is 17+ (Debian 12, Ubuntu 24.04 and later);
 * before that (Ubuntu 22.04's default is Java 11) the versioned package.
 * @param {{ family: 'debian' | 'ubuntu', version: number }} os
 */
export function javaPackage(os) {
  const old = os.version > 0 && os.version < (os.family === 'debian' ? 12 : 24);
  return old ? 'openjdk-17-jre-headless' : 'default-jre-headless';
}

/**
 * A command of the install. One that installs the headless shell has `withoutShell`: the same command
 * without it, or null when the shell is all it installs. Its failure then does not stop the tests.
 * @typedef {{ command: string, args: string[], withoutShell?: { command: string, args: string[] } | null }} Step
 */

/**
 * What to do about the missing tools: nothing, install (the commands), or stop (the message).
 * @param {Tools} tools
 * @param {System} system
 * @param {(command: string, args: string[]) => boolean} canRun whether `sudo -n true` works, say
 * @returns {{ kind: 'ready' } | { kind: 'install', line: string, steps: Step[] } | { kind: 'stop', message: string }}
 */
export function plan(tools, system, canRun) {
  const missing = TOOLS.filter((name) => 'missing' in tools[name]);
  const os = system.platform === 'linux' ? distro(system.osRelease) : null;
  const apt = Boolean(os && onPath(system, 'apt-get'));
  const root = system.uid === 0;
  // Asked only where something is to be installed: a machine with everything asks nothing.
  const mayInstall = () => root || (onPath(system, 'sudo') && canRun('sudo', ['-n', 'true']));
  // Wanted, never required: installed with the rest, or alone, only where the step may install.
  const wantsShell =
    apt &&
    os?.family === 'debian' &&
    os.version >= 12 && // the package is in Debian 12 and later
    !system.env.CHROME_PATH &&
    !findHeadlessShell(system);
  if (missing.length === 0 && !(wantsShell && mayInstall())) return { kind: 'ready' };
  const list = missing.map((name) => `${WHAT[name]}: ${reason(tools[name])}`);
  const fatal = missing.filter((name) => 'fatal' in tools[name]);
  if (fatal.length > 0) return { kind: 'stop', message: stopMessage(list, []) };

  if (os && apt) {
    // On Ubuntu, Chromium's deb only installs the snap: Playwright's own build instead.
    const viaPlaywright = os.family === 'ubuntu' && missing.includes('chromium');
    const packages = missing
      .filter((name) => !(name === 'chromium' && viaPlaywright))
      .map(
        (name) => ({ chromium: 'chromium', java: javaPackage(os), nginx: 'nginx', systemd: 'systemd' })[name],
      );
    const sudo = !root && mayInstall();
    const required = [...packages];
    if (wantsShell && (root || sudo)) packages.push(HEADLESS_SHELL);
    if (root || sudo) {
      const prefix = root ? [] : ['sudo', '-n'];
      /** @param {string[]} args */
      const apt = (args) => {
        const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
        return { command, args: rest };
      };
      /** @type {Step[]} */
      const steps = [];
      if (packages.length) {
        const install = apt(['install', '-y', '-qq', ...packages]);
        const shellToo = packages.length > required.length;
        const without = required.length ? apt(['install', '-y', '-qq', ...required]) : null;
        steps.push(apt(['update', '-qq']), shellToo ? { ...install, withoutShell: without } : install);
      }
      if (viaPlaywright) steps.push({ command: 'npx', args: PLAYWRIGHT_CHROMIUM.split(' ').slice(1) });
      const what = [
        ...(packages.length ? [`${packages.join(' ')} (apt-get${sudo ? ' with sudo' : ''})`] : []),
        ...(viaPlaywright ? [`Playwright's Chromium (${PLAYWRIGHT_CHROMIUM})`] : []),
      ];
      return { kind: 'install', line: `Installing for the tests: ${what.join(', ')}`, steps };
    }
    const commands = [];
    const install = `apt-get install -y ${packages.join(' ')}`;
    // Debian installed without sudo has a root password for su (Ubuntu always has sudo).
    const viaSudo = os.family === 'ubuntu' || onPath(system, 'sudo');
    if (packages.length) commands.push(viaSudo ? `sudo ${install}` : `su -c '${install}'`);
    if (viaPlaywright) commands.push(PLAYWRIGHT_CHROMIUM);
    return { kind: 'stop', message: stopMessage(list, commands) };
  }
  if (system.platform === 'darwin') {
    const commands = [];
    if (missing.includes('java')) commands.push('brew install --cask temurin');
    if (missing.includes('nginx')) commands.push('brew install nginx');
    if (missing.includes('chromium')) {
      commands.push(
        'npx playwright install chromium',
        `  (or, to use Google Chrome: export CHROME_PATH="${MAC_CHROME}")`,
      );
    }
    if (missing.includes('systemd')) {
      commands.push(
        '# systemd-analyze exists only on Linux: run `npm test` in a Debian VM or container',
        '# (`npm run test:quick` runs here)',
      );
    }
    return { kind: 'stop', message: stopMessage(list, commands) };
  }
  return {
    kind: 'stop',
    message: stopMessage(list, [
      `install them with your system's package manager${missing.includes('chromium') ? `, or for Chromium: ${PLAYWRIGHT_CHROMIUM}, or set CHROME_PATH to a Chromium or Chrome` : ''}`,
    ]),
  };
}

/** @param {Found} found */
function reason(found) {
  return 'missing' in found ? found.missing : found.path;
}

/** @param {string[]} list @param {string[]} commands */
function stopMessage(list, commands) {
  return [
    'npm test stopped before the first test: it needs programs that are missing.',
    ...list.map((line) => `  - ${line}`),
    ...(commands.length ? ['Run, then `npm test` again:', ...commands.map((command) => `  ${command}`)] : []),
  ].join('\n');
}

/** @param {Tools} tools @param {System} system */
function summary(tools, system) {
  const { chromium, java, nginx, systemd } = /** @type {any} */ (tools);
  const shell = system.env.CHROME_PATH ? null : findHeadlessShell(system);
  return `Test tools: Chromium ${chromium.path}${shell ? ` (end to end: ${shell})` : ''}, Java ${java.version}, nginx ${nginx.path}, systemd-analyze ${systemd.path}`;
}

/**
 * The step itself: check, install when allowed, check again. Returns the exit code.
 * TEST_SETUP_PRETEND_MISSING (a comma-separated list of chromium, java, nginx, systemd) makes the first check
 * treat those as missing, to try the step on a machine that has them (docs/development.md).
 * @param {System} system
 * @param {{ log: (line: string) => void, error: (line: string) => void }} out
 */
export function setup(system, out) {
  const pretend = (system.env.TEST_SETUP_PRETEND_MISSING ?? '').split(',').map((name) => name.trim());
  const tools = findTools(system);
  for (const name of TOOLS) {
    if (pretend.includes(name) && 'path' in tools[name])
      tools[name] = { missing: 'TEST_SETUP_PRETEND_MISSING' };
  }
  const decision = plan(tools, system, (command, args) => system.run(command, args, true).status === 0);
  if (decision.kind === 'stop') {
    out.error(decision.message);
    return 1;
  }
  if (decision.kind === 'install') {
    out.log(decision.line);
    for (const step of decision.steps) {
      const result = system.run(step.command, step.args, step.command !== 'npx');
      if (result.status !== 0 && step.withoutShell !== undefined) {
        // Perhaps only the shell is not in this system's sources: the tests run in Chromium instead.
        const retry =
          step.withoutShell && system.run(step.withoutShell.command, step.withoutShell.args, true);
        if (!retry || retry.status === 0) {
          out.log(`${HEADLESS_SHELL} could not be installed: the end-to-end tests run in Chromium.`);
          continue;
        }
      }
      if (result.status !== 0) {
        out.error(
          `npm test stopped: \`${[step.command, ...step.args].join(' ')}\` failed (exit ${result.status}).`,
        );
        if (result.stderr) out.error(result.stderr.trim());
        return 1;
      }
    }
    const after = findTools(system);
    const still = TOOLS.filter((name) => 'missing' in after[name]);
    if (still.length > 0) {
      out.error(
        stopMessage(
          still.map((name) => `${WHAT[name]}: ${reason(after[name])}, after installing`),
          [],
        ),
      );
      return 1;
    }
    out.log(summary(after, system));
    return 0;
  }
  out.log(summary(tools, system));
  return 0;
}

/** @param {string} file */
function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} file */
export function isSnap(file) {
  try {
    const real = realpathSync(file);
    if (real.startsWith('/snap/') || path.basename(real) === 'snap') return true;
    // Ubuntu's chromium-browser deb installs a shell script that runs /snap/bin/chromium.
    return statSync(real).size < 64 * 1024 && readFileSync(real, 'latin1').includes('/snap/bin/');
  } catch {
    return false;
  }
}

/** Where `npx playwright install chromium` puts Chromium for this version of Playwright. */
function playwrightChromium() {
  try {
    return createRequire(import.meta.url)('playwright-core').chromium.executablePath() || null;
  } catch {
    return null;
  }
}

/** @returns {System} this machine */
export function realSystem() {
  let osRelease = null;
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // not Linux, or a Linux without it: no package manager we know
  }
  return {
    env: process.env,
    platform: process.platform,
    uid: process.getuid?.() ?? -1,
    osRelease,
    isExecutable,
    isSnap,
    playwrightChromium,
    run(command, args, quiet = false) {
      const result = spawnSync(command, args, {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      });
      return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
    },
  };
}

/** The switches every Chromium the tests and the audits launch gets: quiet, no sandbox, no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The end-to-end tests' Chromium resolves no host name but the test server's address (127.0.0.1):
 * nothing a page asks for reaches the network or a developer's own servers (`localhost`, where a
 * developer's `npm run cms` answers on 8081), and it fails as an unknown host does
 * (net::ERR_NAME_NOT_RESOLVED). A test that needs such an address answered routes it (a route
 * answers before any name is resolved). This replaced a route in every test, which turned on
 * Playwright's request interception for every request and with it turned off the browser's cache
 * (decision 0052).
 */
export const OFF_SITE_REFUSED = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/**
 * The switches of the end-to-end tests' Chromium: CHROMIUM_ARGS, OFF_SITE_REFUSED, and one renderer
 * process kept for as long as it can serve. Each test opens a page in a new context; that page
 * starts on about:blank in a renderer of its own, and its first navigation to the site moved to a
 * second, new one (site isolation). With the limit, Chromium takes the first for the site as well: a fresh page's first
 * `goto` 390 -> 225 ms and about 280 ms less CPU on the 2-core machine (docs/development.md,
 * "How long the run takes"). Pages of two contexts still get a process each. The audits keep
 * Chromium's own process model, as a visitor's browser has it.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--renderer-process-limit=1', OFF_SITE_REFUSED];

/**
 * The Chromium the end-to-end tests and the audits launch: what findChromium finds on this machine,
 * else CHROME_PATH or /usr/bin/chromium (so the error names the path it tried).
 */
export function chromiumPath() {
  const found = findChromium(realSystem());
  return 'path' in found ? found.path : process.env.CHROME_PATH || '/usr/bin/chromium';
}

/**
 * The Chromium the end-to-end tests launch: CHROME_PATH when set; else Chromium's headless shell
 * where it is installed (the same engine without the browser's own windows: each page costs about
 * half the CPU on the 2-core machine, decision 0040); else chromiumPath(). The audits keep the full
 * browser, as Lighthouse expects.
 */
export function e2eChromiumPath() {
  const system = realSystem();
  return (!system.env.CHROME_PATH && findHeadlessShell(system)) || chromiumPath();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = setup(realSystem(), { log: console.log, error: console.error });
}
