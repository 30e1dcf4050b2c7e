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
  frontMatterLayoutProblem,
  parseFrontMatterYaml,
  readFrontMatter,
  renderPostMarkdown,
  splitPostFile,
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

describe('splitPostFile and frontMatterLayoutProblem', () => {
  it('ends the front matter at a closing --- on the last line, with no line break after it', () => {
    expect(splitPostFile('---\ntitle: T\n---')).toEqual({ frontMatter: 'title: T', body: '' });
    expect(splitPostFile('\uFEFF---\r\ntitle: T\r\n---  \r\nBody')).toEqual({
      frontMatter: 'title: T',
      body: 'Body',
    });
  });

  it('closes the front matter only at a line of exactly three hyphens', () => {
    expect(splitPostFile('---\na: 1\n---- x\nb: 2\n---\nBody')).toEqual({
      frontMatter: 'a: 1\n---- x\nb: 2',
      body: 'Body',
    });
  });

  it('names front matter after a blank line, which Astro still reads as front matter', () => {
    expect(frontMatterLayoutProblem('\n---\ntitle: T\n---\nText\n')).toMatch(/exactly three hyphens/);
  });

  it('names a +++ line inside the front matter, which Astro reads as its end', () => {
    expect(frontMatterLayoutProblem('---\ntitle: T\n+++\nexcerpt: E\n---\nBody\n')).toMatch(
      /exactly three hyphens/,
    );
  });

  it('leaves a text that opens with a rule and has no front matter alone', () => {
    // A page whose Markdown starts with a horizontal rule: no second --- or +++, nothing to misread.
    expect(frontMatterLayoutProblem('---\n\nA text under a rule.\n')).toBeUndefined();
  });
});

describe('readFrontMatter, more', () => {
  it('refuses ---js front matter after a byte-order mark too', () => {
    expect(() => readFrontMatter('\uFEFF---js\n{ title: "T" }\n---\nBody\n')).toThrow(
      'front matter must be YAML',
    );
  });

  it('refuses front matter that is a list, not fields', () => {
    expect(() => readFrontMatter('---\n- a\n- b\n---\nBody\n')).toThrow(
      expect.objectContaining({ name: 'FrontMatterError', notFields: true }),
    );
  });

  it('reads an offset with minutes and a fraction of a second as the moment they name', () => {
    const { data } = readFrontMatter(
      '---\npublishedAt: 2026-12-07T08:00:00+05:30\nupdatedAt: 2026-12-07T08:00:00.5Z\n---\n',
    );
    expect(data.publishedAt).toEqual(new Date('2026-12-07T02:30:00Z'));
    expect(data.updatedAt).toEqual(new Date('2026-12-07T08:00:00.500Z'));
  });

  it('writes a long value on one line and a comment with line breaks as one comment line', () => {
    const title = `A title ${'long '.repeat(30)}end`;
    expect(writeFrontMatter('Body\n', { title }, ['first\nsecond'])).toBe(
      `---\ntitle: ${title}\n# first second\n---\nBody\n`,
    );
  });
});

describe('renderPostMarkdown', () => {
  it('escapes a picture’s address, title and alt text', () => {
    const html = renderPostMarkdown('![A "b" & c](/a.png?x=1&y=2 "Say \\"hi\\" & <b>")');
    expect(html).toContain('src="/a.png?x=1&amp;y=2"');
    expect(html).toContain('alt="A &quot;b&quot; &amp; c"');
    expect(html).toContain('title="Say &quot;hi&quot; &amp; &lt;b&gt;"');
  });

  it('reads "decorative" as a marker only on a picture without alt text, whatever its spaces', () => {
    expect(renderPostMarkdown('![](/a.png " Decorative ")')).toContain('<img src="/a.png" alt="">');
    // With alt text the title is only a title: it stays, as written.
    expect(renderPostMarkdown('![A cat](/a.png "decorative")')).toContain(
      '<img src="/a.png" alt="A cat" title="decorative">',
    );
  });
});
