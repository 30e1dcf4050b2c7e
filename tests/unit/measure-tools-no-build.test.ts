// docs/performance.md runs the measuring tools "on the build already in dist/". Without one they must
// say to build first in one line (as `npm run bench` and the audits' server do), not print a table of
// "no such page" (and write it over the last report) or stop on a stack trace.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, runNode } from '../process';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'no-build-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the measuring tools without a build', { timeout: 30_000 }, () => {
  for (const tool of ['first-screen-budget.mjs', 'js-budget.mjs', 'audit.mjs']) {
    it(`${tool} says to build first`, async () => {
      const { code, output } = await runNode([path.resolve('tools', tool)], { cwd: dir, env: childEnv({}) });
      expect(output.trim()).toBe(`No build in ${path.join(dir, 'dist')}: run \`npm run build\` first.`);
      expect(code).toBe(1);
    });
  }
});
