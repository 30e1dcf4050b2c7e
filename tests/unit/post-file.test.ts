// The one post-file module (src/lib/text/post-file.ts): gray-matter with the JavaScript engine off,
// one Markdown renderer, one front-matter boundary; and a guard that no other file reads post files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readFrontMatter, writeFrontMatter } from '@/lib/text/post-file';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const scope = globalThis as { pwned?: unknown };

describe('readFrontMatter', () => {
  afterEach(() => {
    delete scope.pwned;
  });

  it('reads YAML and writes it back', () => {
    const text = writeFrontMatter('Body\n', { title: 'A "quoted" title', tags: ['a'] });
    expect(readFrontMatter(text)).toMatchObject({
      data: { title: 'A "quoted" title', tags: ['a'] },
      content: 'Body\n',
    });
  });

  it.each(['js', 'javascript'])('refuses ---%s front matter without running it', (language) => {
    const text = `---${language}\n{ title: (globalThis.pwned = true, 'T') }\n---\nBody\n`;
    expect(() => readFrontMatter(text)).toThrow('front matter must be YAML');
    expect(scope.pwned).toBeUndefined();
  });
});

/** Every source file of the project that code or tests run (not node_modules, not the build). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:[cm]?[jt]sx?|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('gray-matter', () => {
  it('is called through src/lib/text/post-file.ts only, so its JavaScript engine is off everywhere', () => {
    const direct = ['src', 'scripts', 'server', 'tests', 'admin']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) =>
        /from\s+['"]gray-matter['"]|require\(\s*['"]gray-matter['"]\s*\)/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file).split('\\').join('/'));
    expect(direct).toEqual(['src/lib/text/post-file.ts']);
  });
});

const projectFiles = () =>
  ['src', 'scripts', 'server', 'admin']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .map((file) => ({ path: relative(root, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }));

describe('post files', () => {
  it('are rendered by one Markdown configuration: no other file runs marked', () => {
    const own = projectFiles()
      .filter(({ text }) => /^import\s+(?!type\b)[^;]*from\s+['"]marked['"]/m.test(text))
      .map(({ path }) => path);
    expect(own).toEqual(['src/lib/text/post-file.ts']);
  });

  it('are split at their front matter in one place: no other regular expression for the opening ---', () => {
    const own = projectFiles()
      .filter(({ text }) => /\/\^(?:\\uFEFF\?)?---/.test(text))
      .map(({ path }) => path);
    // scripts/scheduled-posts.mjs runs in plain Node, which cannot import the TypeScript module.
    expect(own.sort()).toEqual(['scripts/scheduled-posts.mjs', 'src/lib/text/post-file.ts']);
  });
});
