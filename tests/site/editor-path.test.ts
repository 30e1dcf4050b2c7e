// What the CMS accepts, `npm test` accepts (issue 20): a copy of the project with one more post, one
// with only the fields the schema and the CMS require, passes the content tests and builds, and every
// page of that build is valid HTML (scripts/check-html.mjs). The copy is built once, for both checks:
// this file costs about a build (a minute or two), so it runs in its own project (`npm run test:site`).
import { spawn } from 'node:child_process';
import { copyFile, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCopy, projectRoot } from '../../scripts/project-copy.mjs';
import { htmlErrors, pagesToCheck } from '../../scripts/check-html.mjs';
import { measurementAdminEnv } from '../../scripts/build-env.mjs';

const NEW_POST = 'content/posts/a-post-with-only-the-required-fields.md';

/** Runs `node args` in `cwd` and resolves to its exit code and output (the last part of it). */
function run(cwd: string, args: string[], env: Record<string, string>) {
  // Without the test runner's own variables: the child would take them for its own settings.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(name)),
  );
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...inherited, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The unit tests that read the files under content/: those an edit in the CMS can make fail. */
async function contentTests(): Promise<string[]> {
  const dir = join(projectRoot, 'tests/unit');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.test.ts')).sort();
  const reading = await Promise.all(
    files.map(async (file) =>
      /content\/(posts|services|team|training|settings)\b/.test(await readFile(join(dir, file), 'utf8')),
    ),
  );
  return files.filter((_file, i) => reading[i]).map((file) => `tests/unit/${file}`);
}

describe('a new post with only the required fields', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await projectCopy('editor-path-');
    await copyFile(join(import.meta.dirname, 'minimal-post.md'), join(copy, NEW_POST));
  });
  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('passes the content tests', async () => {
    const tests = await contentTests();
    expect(tests).toEqual(
      expect.arrayContaining(['tests/unit/blog-content.test.ts', 'tests/unit/content.test.ts']),
    );
    const { code, output } = await run(
      copy,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', ...tests],
      {},
    );
    expect(code, output).toBe(0);
  });

  it('builds, with a page for the post, and every page is valid HTML', async () => {
    // Under CI=true a build without the admin variables stops (scripts/build-env.mjs): give it an
    // account nobody can sign in with, as `npm run audit` does.
    const { code, output } = await run(copy, ['node_modules/astro/bin/astro.mjs', 'build'], {
      NODE_ENV: 'production',
      ...measurementAdminEnv(process.env),
    });
    expect(code, output).toBe(0);
    const dist = join(copy, 'dist');
    const pages = await pagesToCheck(dist);
    expect(pages).toContain(join(dist, 'blog/a-post-with-only-the-required-fields/index.html'));
    expect(pages.length).toBeGreaterThan(30);
    expect(await htmlErrors(pages, dist)).toEqual([]);
  });
});
