// `npm run check:html` on a fresh clone, before `npm run build` (the README says to build first): it
// must say so in one line, as it does for a folder without pages, not stop on a bare ENOENT.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { childEnv, runNode } from '../process';

it('check:html without a build says to build first', { timeout: 30_000 }, async () => {
  const parent = await mkdtemp(path.join(tmpdir(), 'check-html-'));
  try {
    for (const dir of [path.join(parent, 'dist'), parent]) {
      const { code, output } = await runNode(['tools/check-html.mjs', dir], {
        cwd: process.cwd(),
        env: childEnv({}),
      });
      expect(code).toBe(1);
      expect(output.trim()).toBe(`No HTML pages in ${dir}: run \`npm run build\` first.`);
    }
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});
