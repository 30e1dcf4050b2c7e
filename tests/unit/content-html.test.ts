// Text from content/ (Markdown of posts and service pages) reaches a page only sanitised.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderedHtml } from '@/lib/text/sanitize';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(?:astro|tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}
const sources = files(join(root, 'src')).map((file) => ({
  file: relative(root, file).split('\\').join('/'),
  text: readFileSync(file, 'utf8'),
}));

describe('renderedHtml', () => {
  it('drops what a service file must never put on a page, keeping its text', () => {
    // What Astro renders from a content/services file whose Markdown carries raw HTML.
    const html =
      '<meta http-equiv="refresh" content="0;url=https://evil.example">\n' +
      '<script src="/_astro/any-chunk.js"></script>\n' +
      '<h2 id="who-it-is-for">Who it is for</h2>\n<p>Parents and <a href="/training" target="_blank" rel="opener">caregivers</a>.</p>';
    expect(renderedHtml({ rendered: { html } })).toBe(
      '<h2>Who it is for</h2>\n<p>Parents and <a href="/training">caregivers</a>.</p>',
    );
    expect(renderedHtml({})).toBe('');
  });
});

describe('pages', () => {
  it("never render a content entry with Astro's render(), which skips the sanitiser", () => {
    const importsRender = /import\s*\{[^}]*\brender\b[^}]*\}\s*from\s*['"]astro:content['"]/;
    expect(sources.filter(({ text }) => importsRender.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('put HTML into a page only from the sanitiser or from their own JSON-LD and inline scripts', () => {
    const unsafe = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/set:html=\{([^}]*)\}/g)]
        .map((match) => match[1]!.trim())
        .filter(
          (value) => !/^(?:renderedHtml\(|jsonLdScript\(|headScript$|pageScript$|anchorScript$)/.test(value),
        )
        .map((value) => `${file}: ${value}`),
    );
    expect(unsafe).toEqual([]);
  });
});
