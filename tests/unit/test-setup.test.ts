// The first step of `npm test` (tools/test-setup.mjs): each machine is a fake system (files,
// environment, commands), so no test runs apt-get or looks at this machine's programs.
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  distro,
  findHeadlessShell,
  findTools,
  isSnap,
  javaMajor,
  plan,
  setup,
} from '../../tools/test-setup.mjs';

const DEBIAN_12 = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n';
const UBUNTU_24 = 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n';
const UBUNTU_22 = 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nVERSION_ID=41\nID=fedora\n';
const JAVA_17 = 'openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6)';
const JAVA_11 = 'openjdk version "11.0.24" 2024-07-16';
const JAVA_8 = 'java version "1.8.0_292"\nJava(TM) SE Runtime Environment (build 1.8.0_292-b10)';

const PATH = '/usr/local/bin:/usr/bin:/bin';
const APT = '/usr/bin/apt-get';
const SUDO = '/usr/bin/sudo';
const SHELL = '/usr/bin/chromium-headless-shell';
const ALL = ['/usr/bin/chromium', SHELL, '/usr/bin/java', '/usr/sbin/nginx', '/usr/bin/systemd-analyze'];
/** What each package puts on the machine, once the fake apt-get or npx "installs" it. */
const INSTALLS: Record<string, string[]> = {
  chromium: ['/usr/bin/chromium'],
  'chromium-headless-shell': [SHELL],
  'default-jre-headless': ['/usr/bin/java'],
  'openjdk-17-jre-headless': ['/usr/bin/java'],
  nginx: ['/usr/sbin/nginx'],
  systemd: ['/usr/bin/systemd-analyze'],
  playwright: ['/home/me/.cache/ms-playwright/chromium-1200/chrome-linux/chrome'],
};

interface Machine {
  files?: string[];
  env?: Record<string, string>;
  platform?: string;
  uid?: number;
  osRelease?: string | null;
  java?: string;
  javaStatus?: number;
  sudo?: boolean;
  snaps?: string[];
  failing?: string;
  installsNothing?: boolean;
}

function machine({
  files = [],
  env = {},
  platform = 'linux',
  uid = 1000,
  osRelease = DEBIAN_12,
  java = JAVA_17,
  javaStatus = 0,
  sudo = false,
  snaps = [],
  failing,
  installsNothing = false,
}: Machine = {}) {
  const present = new Set(files);
  const ran: string[] = [];
  let javaText = java;
  const system = {
    env: { PATH, ...env },
    platform,
    uid,
    osRelease,
    isExecutable: (file: string) => present.has(file),
    isSnap: (file: string) => snaps.includes(file),
    playwrightChromium: () => INSTALLS.playwright[0],
    run(command: string, args: string[]) {
      const line = [command, ...args].join(' ');
      if (command.endsWith('/java')) return { status: javaStatus, stdout: '', stderr: javaText };
      if (line === 'sudo -n true')
        return { status: sudo ? 0 : 1, stdout: '', stderr: 'a password is required' };
      ran.push(line);
      if (failing && line.includes(failing)) return { status: 100, stdout: '', stderr: 'E: Unable to fetch' };
      if (!installsNothing) {
        const installed = line.includes('apt-get install ') ? args : [];
        for (const name of installed) for (const file of INSTALLS[name] ?? []) present.add(file);
        if (line.startsWith('npx playwright install')) present.add(INSTALLS.playwright[0]);
        if (installed.some((name) => name.endsWith('jre-headless'))) javaText = JAVA_17;
      }
      return { status: 0, stdout: '', stderr: '' };
    },
  };
  const out = { log: [] as string[], error: [] as string[] };
  const step = () =>
    setup(system, {
      log: (line: string) => out.log.push(line),
      error: (line: string) => out.error.push(line),
    });
  return { system, ran, out, step };
}

const APT_ENV = 'env DEBIAN_FRONTEND=noninteractive apt-get';

describe("the tests' programs, found", () => {
  it('reads the Java version from `java -version`, old numbering included', () => {
    expect(javaMajor(JAVA_17)).toBe(17);
    expect(javaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajor(JAVA_11)).toBe(11);
    expect(javaMajor(JAVA_8)).toBe(8);
    expect(javaMajor('The operation couldn’t be completed. Unable to locate a Java Runtime.')).toBeNull();
  });

  it('finds all four where Debian puts them, nginx off PATH included', () => {
    const { system } = machine({ files: [...ALL, APT] });
    expect(findTools(system)).toEqual({
      chromium: { path: '/usr/bin/chromium' },
      java: { path: '/usr/bin/java', version: 17 },
      nginx: { path: '/usr/sbin/nginx' },
      systemd: { path: '/usr/bin/systemd-analyze' },
    });
  });

  it("takes Chromium from CHROME_PATH, then from PATH, then Playwright's own, never a snap", () => {
    const custom = machine({ files: ['/opt/chrome/chrome'], env: { CHROME_PATH: '/opt/chrome/chrome' } });
    expect(findTools(custom.system).chromium).toEqual({ path: '/opt/chrome/chrome' });
    const onPath = machine({ files: ['/usr/local/bin/chromium'] });
    expect(findTools(onPath.system).chromium).toEqual({ path: '/usr/local/bin/chromium' });
    const snap = machine({ files: ['/usr/local/bin/chromium'], snaps: ['/usr/local/bin/chromium'] });
    expect(findTools(snap.system).chromium).toEqual({ missing: 'no Chromium found' });
    const playwright = machine({ files: INSTALLS.playwright });
    expect(findTools(playwright.system).chromium).toEqual({ path: INSTALLS.playwright[0] });
  });

  it("finds Chromium's headless shell where Debian puts it or on PATH, never a snap", () => {
    expect(findHeadlessShell(machine({ files: [SHELL] }).system)).toBe(SHELL);
    const onPath = '/usr/local/bin/chromium-headless-shell';
    expect(findHeadlessShell(machine({ files: [onPath] }).system)).toBe(onPath);
    expect(findHeadlessShell(machine({ files: [SHELL], snaps: [SHELL] }).system)).toBeNull();
    expect(findHeadlessShell(machine({ files: ['/usr/bin/chromium'] }).system)).toBeNull();
  });

  it("tells a snap, or Ubuntu's script that starts one, from a Chromium wrapper script", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'test-setup-'));
    try {
      const write = (name: string, text: string) => {
        writeFileSync(path.join(dir, name), text);
        chmodSync(path.join(dir, name), 0o755);
        return path.join(dir, name);
      };
      const shim = write('chromium-browser', '#!/bin/sh\nexec /snap/bin/chromium "$@"\n');
      const wrapper = write('chromium', '#!/bin/sh\nexec /usr/lib/chromium/chromium "$@"\n');
      const snapd = write('snap', 'ELF');
      symlinkSync(snapd, path.join(dir, 'linked'));
      expect(isSnap(shim)).toBe(true);
      expect(isSnap(path.join(dir, 'linked'))).toBe(true);
      expect(isSnap(wrapper)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads Debian, Ubuntu and their derivatives from /etc/os-release, and nothing else', () => {
    expect(distro(DEBIAN_12)).toEqual({ family: 'debian', version: 12 });
    expect(distro(UBUNTU_24)).toEqual({ family: 'ubuntu', version: 24 });
    expect(distro('ID=linuxmint\nID_LIKE="ubuntu debian"\nVERSION_ID="22"')).toEqual({
      family: 'ubuntu',
      version: 0,
    });
    expect(distro(FEDORA)).toBeNull();
    expect(distro(null)).toBeNull();
  });
});

describe("npm test's first step", () => {
  it('present: says what it uses, installs nothing', () => {
    const { step, ran, out } = machine({ files: [...ALL, APT], uid: 0 });
    expect(step()).toBe(0);
    expect(ran).toEqual([]);
    expect(out.log).toEqual([
      `Test tools: Chromium /usr/bin/chromium (end to end: ${SHELL}), Java 17, nginx /usr/sbin/nginx, systemd-analyze /usr/bin/systemd-analyze`,
    ]);
  });

  it('installable (Debian, root): one line, apt-get update once, then the missing packages', () => {
    const { step, ran, out } = machine({ files: [APT, '/usr/bin/systemd-analyze'], uid: 0 });
    expect(step()).toBe(0);
    expect(out.log[0]).toBe(
      'Installing for the tests: chromium default-jre-headless nginx chromium-headless-shell (apt-get)',
    );
    expect(ran).toEqual([
      `${APT_ENV} update -qq`,
      `${APT_ENV} install -y -qq chromium default-jre-headless nginx chromium-headless-shell`,
    ]);
    expect(out.error).toEqual([]);
  });

  it('installable (Debian, sudo without a password): the same, through sudo -n', () => {
    const { step, ran, out } = machine({
      files: [APT, SUDO, '/usr/bin/chromium', '/usr/bin/java'],
      sudo: true,
    });
    expect(step()).toBe(0);
    expect(out.log[0]).toBe(
      'Installing for the tests: nginx systemd chromium-headless-shell (apt-get with sudo)',
    );
    expect(ran).toEqual([
      `sudo -n ${APT_ENV} update -qq`,
      `sudo -n ${APT_ENV} install -y -qq nginx systemd chromium-headless-shell`,
    ]);
  });

  it('too-old Java counts as missing and is installed', () => {
    const { step, ran } = machine({ files: [APT, ...ALL], uid: 0, java: JAVA_11 });
    expect(step()).toBe(0);
    expect(ran).toEqual([`${APT_ENV} update -qq`, `${APT_ENV} install -y -qq default-jre-headless`]);
  });

  it("Chromium's headless shell is wanted, never required: installed alone where it may be, else not asked for", () => {
    const withoutShell = ALL.filter((file) => file !== SHELL);
    const root = machine({ files: [APT, ...withoutShell], uid: 0 });
    expect(root.step()).toBe(0);
    expect(root.ran).toEqual([`${APT_ENV} update -qq`, `${APT_ENV} install -y -qq chromium-headless-shell`]);
    expect(root.out.log[1]).toContain(`(end to end: ${SHELL})`);
    // No root and no sudo, CHROME_PATH set, Debian 11 or Ubuntu: ready as before, nothing run.
    for (const elsewhere of [
      machine({ files: [APT, SUDO, ...withoutShell] }),
      machine({ files: [APT, ...withoutShell, '/opt/chrome'], uid: 0, env: { CHROME_PATH: '/opt/chrome' } }),
      machine({ files: [APT, ...withoutShell], uid: 0, osRelease: DEBIAN_12.replaceAll('12', '11') }),
      machine({ files: [APT, ...withoutShell], uid: 0, osRelease: UBUNTU_24 }),
    ]) {
      expect(elsewhere.step()).toBe(0);
      expect(elsewhere.ran).toEqual([]);
      expect(elsewhere.out.log[0]).toMatch(/^Test tools: Chromium \S+, Java 17/);
    }
  });

  it('a headless shell that will not install stops nothing: the rest installed without it, the tests in Chromium', () => {
    const notice = 'chromium-headless-shell could not be installed: the end-to-end tests run in Chromium.';
    const withTools = machine({
      files: [APT, '/usr/bin/systemd-analyze'],
      uid: 0,
      failing: 'headless-shell',
    });
    expect(withTools.step()).toBe(0);
    expect(withTools.ran).toEqual([
      `${APT_ENV} update -qq`,
      `${APT_ENV} install -y -qq chromium default-jre-headless nginx chromium-headless-shell`,
      `${APT_ENV} install -y -qq chromium default-jre-headless nginx`,
    ]);
    expect(withTools.out.error).toEqual([]);
    expect(withTools.out.log.slice(1)).toEqual([
      notice,
      'Test tools: Chromium /usr/bin/chromium, Java 17, nginx /usr/sbin/nginx, systemd-analyze /usr/bin/systemd-analyze',
    ]);

    const alone = machine({
      files: [APT, ...ALL.filter((file) => file !== SHELL)],
      uid: 0,
      failing: 'headless-shell',
    });
    expect(alone.step()).toBe(0);
    expect(alone.out.error).toEqual([]);
    expect(alone.out.log[1]).toBe(notice);
  });

  it('not installable (Debian, no root, sudo asks a password): stops with the command, before any test', () => {
    const { step, ran, out } = machine({
      files: [APT, SUDO, '/usr/bin/java', '/usr/bin/systemd-analyze'],
      java: JAVA_8,
    });
    expect(step()).toBe(1);
    expect(ran).toEqual([]);
    expect(out.error.join('\n')).toBe(
      [
        'npm test stopped before the first test: it needs programs that are missing.',
        '  - Chromium (end-to-end tests): no Chromium found',
        '  - Java 17+ (the HTML checker): found Java 8 (/usr/bin/java)',
        '  - nginx (the self-hosting configuration check): no nginx found',
        'Run, then `npm test` again:',
        '  sudo apt-get install -y chromium default-jre-headless nginx',
      ].join('\n'),
    );
  });

  it('not installable (Debian without sudo): the same command through su', () => {
    const { step, out } = machine({ files: [APT, ...ALL], java: JAVA_11 });
    expect(step()).toBe(1);
    expect(out.error[0]).toMatch(
      /Run, then `npm test` again:\n {2}su -c 'apt-get install -y default-jre-headless'$/,
    );
  });

  it('CHROME_PATH naming a missing file stops, even where it could install', () => {
    const { step, ran, out } = machine({
      files: [APT, ...ALL],
      uid: 0,
      env: { CHROME_PATH: '/opt/gone/chrome' },
    });
    expect(step()).toBe(1);
    expect(ran).toEqual([]);
    expect(out.error[0]).toContain(
      'Chromium (end-to-end tests): CHROME_PATH is /opt/gone/chrome, which is not a program: correct it or unset it',
    );
    expect(out.error[0]).not.toContain('Run, then');
  });

  it("installable (Ubuntu, root): apt-get for Java and nginx, Playwright's Chromium rather than the snap", () => {
    const { step, ran, out } = machine({
      files: [APT, '/usr/bin/systemd-analyze'],
      uid: 0,
      osRelease: UBUNTU_24,
    });
    expect(step()).toBe(0);
    expect(out.log[0]).toBe(
      "Installing for the tests: default-jre-headless nginx (apt-get), Playwright's Chromium (npx playwright install --with-deps chromium)",
    );
    expect(ran).toEqual([
      `${APT_ENV} update -qq`,
      `${APT_ENV} install -y -qq default-jre-headless nginx`,
      'npx playwright install --with-deps chromium',
    ]);
    expect(out.log[1]).toContain(`Chromium ${INSTALLS.playwright[0]}`);
  });

  it("not installable (Ubuntu 22.04, no root): the versioned Java 17 package and Playwright's command", () => {
    const { step, out } = machine({ files: [APT, '/usr/bin/systemd-analyze'], osRelease: UBUNTU_22 });
    expect(step()).toBe(1);
    expect(out.error[0]).toMatch(
      /Run, then `npm test` again:\n {2}sudo apt-get install -y openjdk-17-jre-headless nginx\n {2}npx playwright install --with-deps chromium$/,
    );
  });

  it('not installable (macOS): Homebrew commands, and CHROME_PATH for an installed Chrome', () => {
    const { step, ran, out } = machine({
      files: ['/usr/bin/java'],
      platform: 'darwin',
      osRelease: null,
      java: 'Unable to locate a Java Runtime.',
      javaStatus: 1,
    });
    expect(step()).toBe(1);
    expect(ran).toEqual([]);
    expect(out.error[0]).toContain(
      [
        '  brew install --cask temurin',
        '  brew install nginx',
        '  npx playwright install chromium',
        '    (or, to use Google Chrome: export CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")',
        '  # systemd-analyze exists only on Linux: run `npm test` in a Debian VM or container',
        '  # (`npm run test:quick` runs here)',
      ].join('\n'),
    );
  });

  it('not installable (another Linux, even as root): names what is missing and stops', () => {
    const { step, ran, out } = machine({
      files: ['/usr/bin/chromium', '/usr/bin/java'],
      osRelease: FEDORA,
      uid: 0,
    });
    expect(step()).toBe(1);
    expect(ran).toEqual([]);
    expect(out.error[0]).toContain('nginx (the self-hosting configuration check): no nginx found');
    expect(out.error[0]).toContain("install them with your system's package manager");
  });

  it("stops with apt-get's error when an install fails", () => {
    const { step, out } = machine({ files: [APT, '/usr/bin/systemd-analyze'], uid: 0, failing: 'install' });
    expect(step()).toBe(1);
    expect(out.error).toEqual([
      'npm test stopped: `env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium default-jre-headless nginx chromium-headless-shell` failed (exit 100).',
      'E: Unable to fetch',
    ]);
  });

  it('stops when a program is still missing after installing', () => {
    const { step, out } = machine({
      files: [APT, '/usr/bin/chromium', '/usr/bin/java'],
      uid: 0,
      installsNothing: true,
    });
    expect(step()).toBe(1);
    expect(out.error[0]).toContain(
      'nginx (the self-hosting configuration check): no nginx found, after installing',
    );
  });

  it('TEST_SETUP_PRETEND_MISSING makes the first check miss a program this machine has', () => {
    const { system, step, ran } = machine({
      files: [APT, ...ALL],
      uid: 0,
      env: { TEST_SETUP_PRETEND_MISSING: 'java' },
    });
    expect(plan(findTools(system), system, () => false)).toEqual({ kind: 'ready' });
    expect(step()).toBe(0);
    expect(ran).toEqual([`${APT_ENV} update -qq`, `${APT_ENV} install -y -qq default-jre-headless`]);
  });
});
