// `npm run bench -- --reuse=<kept copy>` measures a copy an earlier `--keep` run left. A folder that
// is no such copy must be said plainly: a mistyped one gave a bare ENOENT, and this working copy
// itself was measured as if its posts were synthetic (and `--rebuild` appended to one of them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv, runNode } from '../process';

const bench = (reuse: string) =>
  runNode(['tools/bench-blog.mjs', `--reuse=${reuse}`, '--no-browser'], {
    cwd: process.cwd(),
    env: childEnv({}),
  });

describe('npm run bench -- --reuse', { timeout: 30_000 }, () => {
  it('says a folder that holds no copy of the project is none, naming it', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'bench-reuse-'));
    try {
      for (const folder of [path.join(empty, 'missing'), empty]) {
        const { code, output } = await bench(folder);
        expect(code).toBe(2);
        expect(output.trim()).toBe(
          `--reuse=${folder}: no copy of the project there (it has no content/posts). ` +
            'Give the folder an earlier `npm run bench -- N --keep` printed after "Copy:".',
        );
      }
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses this working copy, whose posts are not synthetic', async () => {
    const { code, output } = await bench('.');
    expect(code).toBe(2);
    expect(output.trim()).toBe(
      `--reuse=.: that is this working copy (${process.cwd()}), not a copy a \`--keep\` run left: ` +
        'its posts are the real ones, and --rebuild would change one of them.',
    );
  });
});
