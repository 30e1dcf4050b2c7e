// Adds lockfile entries for platform-specific optional packages that npm left out.
//
// Why: the npm registry this project is built from may not offer every platform build of a native
// package (a darwin or win32 binary of a new release, say). `npm install` then skips those optional
// packages silently, but `npm ci` refuses a lockfile that lacks them ("Missing: ... from lock
// file"). The entries added here carry the os/cpu that npm reads to skip them on other platforms,
// so they are never downloaded on Linux and the lockfile passes `npm ci` everywhere.
//
// Run after every `npm install` that changes dependencies: `npm run lockfile`. `npm run lint`
// runs it with --check, which changes nothing and fails when entries are missing.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  return { os, cpu };
}

/** Where Node would find `name` from the package at `from` (its own node_modules, then upwards). */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? dir + '/' : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, wanted] of Object.entries(entry.optionalDependencies ?? {})) {
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) continue; // only platform builds are ever missing for this reason
    const found = resolve(path, name);
    if (found && packages[found].version === wanted) continue;
    const slot = found ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[slot]) continue;
    const record = { version: wanted, optional: true };
    if (entry.dev) record.dev = true;
    if (entry.devOptional) record.devOptional = true;
    if (os) record.os = [os];
    if (cpu) record.cpu = [cpu];
    packages[slot] = record;
    added += 1;
  }
}

if (process.argv.includes('--check')) {
  if (added) {
    console.error(`package-lock.json lacks ${added} platform package entries: run \`npm run lockfile\`.`);
    process.exit(1);
  }
  process.exit(0);
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(
  added ? `package-lock.json: added ${added} platform package entries` : 'package-lock.json is complete',
);
