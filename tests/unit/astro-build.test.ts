// `npm run build` (tools/astro-build.mjs): `astro build` with the arguments given and the variables
// every build of the project gets (ASTRO_BUILD_ENV: the bundler's memory given back at once, issue
// 33), run here on a stand-in project whose Astro prints what it was started with.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASTRO_BUILD_ENV, astroBuildEnv } from '../../tools/astro-build.mjs';

const SCRIPT = fileURLToPath(new URL('../../tools/astro-build.mjs', import.meta.url));
const run = promisify(execFile);

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'astro-build-'));
  await mkdir(path.join(root, 'node_modules/astro/bin'), { recursive: true });
  await writeFile(
    path.join(root, 'node_modules/astro/bin/astro.mjs'),
    `console.log(JSON.stringify({ args: process.argv.slice(2), purge: process.env.MIMALLOC_PURGE_DELAY ?? null }));
if (process.argv.includes('--fail')) process.exit(3);`,
  );
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('astroBuildEnv', () => {
  it('adds the build variables to the environment given', () => {
    expect(astroBuildEnv({ SITE_URL: 'https://example.org' })).toEqual({
      ...ASTRO_BUILD_ENV,
      SITE_URL: 'https://example.org',
    });
    expect(ASTRO_BUILD_ENV).toEqual({ MIMALLOC_PURGE_DELAY: '0' });
  });

  it('keeps a value the caller set', () => {
    expect(astroBuildEnv({ MIMALLOC_PURGE_DELAY: '250' }).MIMALLOC_PURGE_DELAY).toBe('250');
  });
});

describe('tools/astro-build.mjs', () => {
  const env = { ...process.env };
  delete env.MIMALLOC_PURGE_DELAY;

  it("runs the project's `astro build` with the arguments given and the build variables", async () => {
    const { stdout } = await run(process.execPath, [SCRIPT, '--outDir', 'elsewhere'], { cwd: root, env });
    expect(JSON.parse(stdout)).toEqual({ args: ['build', '--outDir', 'elsewhere'], purge: '0' });
  });

  it("fails as Astro's build failed", async () => {
    await expect(run(process.execPath, [SCRIPT, '--fail'], { cwd: root, env })).rejects.toMatchObject({
      code: 3,
    });
  });
});
