// The one post-file module (src/lib/text/post-file.ts): one YAML library (front matter in YAML only,
// dates written back as they were read), one Markdown renderer, one front-matter boundary; and a guard
// that no other file imports a YAML library or reads post files.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FrontMatterError,
  parseFrontMatterYaml,
  readFrontMatter,
  stringifyFrontMatterYaml,
  writeFrontMatter,
} from '@/lib/text/post-file';

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

/** The project's files that import `library` (an import or a require, type-only imports aside). */
const importersOf = (library: string, dirs = ['src', 'tools', 'server', 'tests', 'admin']) => {
  const name = library.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(
    `^import\\s+(?!type\\b)[^;]*?from\\s+['"]${name}['"]|import\\(\\s*['"]${name}['"]\\s*\\)|require\\(\\s*['"]${name}['"]\\s*\\)`,
    'm',
  );
  return (
    dirs
      .flatMap((dir) => sourceFiles(resolve(root, dir)))
      // This file names the libraries in its own check of the guard.
      .filter((file) => file !== fileURLToPath(import.meta.url) && pattern.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file).split('\\').join('/'))
      .sort()
  );
};

describe('YAML', () => {
  it('front matter is read and written with one library, in src/lib/text/post-file.ts', () => {
    // The one other YAML the site reads is Decap's configuration, admin/config.yml, in its one module.
    expect(importersOf('yaml')).toEqual([
      'src/lib/config/cms-config.mjs',
      'src/lib/text/post-file.ts',
      // The scheduled publishing's GitHub workflow, read as the workflow it is.
      'tests/unit/scheduled-posts.test.ts',
    ]);
  });

  it.each(['gray-matter', 'js-yaml', 'front-matter', 'yaml/util'])('no file imports %s', (library) => {
    expect(importersOf(library)).toEqual([]);
  });

  it('finds an import of a second YAML library (the guard can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'yaml-guard-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import yaml from 'js-yaml';\nexport const a = yaml;\n");
      writeFileSync(join(dir, 'b.mjs'), "const matter = await import('gray-matter');\n");
      const inDir = (library: string) => importersOf(library, [dir]).map((file) => file.split('/').pop());
      expect(inDir('js-yaml')).toEqual(['a.ts']);
      expect(inDir('gray-matter')).toEqual(['b.mjs']);
      expect(inDir('yaml')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps dates as they were written when a file is read and written back', () => {
    const file = [
      '---',
      'title: Dates',
      'publishedAt: 2025-01-05',
      'updatedAt: 2026-12-07T08:00:00-05:00',
      "note: '2025-01-05'",
      '---',
      'Body',
      '',
    ].join('\n');
    const { data, content } = readFrontMatter(file);
    expect(data.publishedAt).toEqual(new Date('2025-01-05T00:00:00Z'));
    expect(data.updatedAt).toEqual(new Date('2026-12-07T13:00:00Z'));
    expect(data.note).toBe('2025-01-05');
    expect(writeFrontMatter(content, data)).toBe(file);
  });

  it('writes a changed or new date as its moment in UTC', () => {
    const { data } = readFrontMatter('---\npublishedAt: 2025-01-05\n---\n');
    (data.publishedAt as Date).setUTCDate(6);
    expect(writeFrontMatter('', { ...data, updatedAt: new Date('2025-01-07T10:00:00Z') })).toBe(
      '---\npublishedAt: 2025-01-06T00:00:00.000Z\nupdatedAt: 2025-01-07T10:00:00.000Z\n---\n\n',
    );
  });

  it('reads dates as their text for Decap CMS, and writes them back unquoted', () => {
    const yaml = 'publishedAt: 2026-12-07T08:00:00-05:00\nday: 2025-01-05\n';
    const data = parseFrontMatterYaml(yaml, 'text');
    expect(data).toEqual({ publishedAt: '2026-12-07T08:00:00-05:00', day: '2025-01-05' });
    expect(stringifyFrontMatterYaml(data, 'text')).toBe(yaml);
  });

  it.each([
    ['a syntax error', '---\ntitle: [unclosed\n---\n', 2],
    ['an unknown tag', '---\ntitle: T\nrun: !!js/function "() => 1"\n---\n', 3],
    ['a field given twice', '---\ntitle: T\ntitle: U\n---\n', 3],
  ])('refuses %s, naming the line of the file', (_, text, line) => {
    expect(() => readFrontMatter(text)).toThrow(FrontMatterError);
    try {
      readFrontMatter(text);
    } catch (error) {
      expect((error as FrontMatterError).line).toBe(line);
    }
  });
});

const projectFiles = () =>
  ['src', 'tools', 'server', 'admin']
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
    // The split is in plain JavaScript, so that tools/scheduled-posts.mjs (plain Node) splits with it
    // too; post-file.ts re-exports it and only tells a '---js' opening from YAML front matter.
    expect(own.sort()).toEqual(['src/lib/text/post-file-split.mjs', 'src/lib/text/post-file.ts']);
  });
});
