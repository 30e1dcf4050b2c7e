// The one HTML escape (src/lib/text/escape-html.ts): what it writes, and a guard that no other file
// of the project defines an escape of its own (the form handler's e-mails had one).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/text/escape-html';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:[cm]?[jt]sx?|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Files that define a function named like an HTML escape, or replace & with &amp; themselves. */
const ownEscapes = (dirs: string[]) =>
  dirs
    .flatMap((dir) => sourceFiles(resolve(root, dir)))
    .filter((file) =>
      /\b(?:function\s+escape(?:Html|HTML|Xml|Attribute)\b|escape(?:Html|HTML|Xml|Attribute)\s*=\s*\(|['"]&['"]\s*:\s*['"]&amp;['"])/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    .map((file) => relative(root, file).split('\\').join('/'));

describe('escapeHtml', () => {
  it('writes &, <, > and " as entities, so text is text in an element or a double-quoted attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a()"> & 'b'`)).toBe(
      `&lt;img src=x onerror=&quot;a()&quot;&gt; &amp; 'b'`,
    );
  });

  it('is defined once: no other file of the project escapes HTML its own way', () => {
    expect(ownEscapes(['src', 'server', 'tools', 'netlify'])).toEqual(['src/lib/text/escape-html.ts']);
  });
});
