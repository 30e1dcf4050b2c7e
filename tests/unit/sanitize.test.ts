import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, sanitizeHtml, withDefaultScheme } from '@/lib/text/sanitize';

describe('sanitizeHtml', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" loading="lazy">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="color:red" onclick="x()">t</p>', '<p>t</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('%s', (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it("keeps a heading written with one '#' as the next level down: the page's title is its only <h1>", () => {
    expect(sanitizeHtml('<h1 class="x">Getting started</h1><p>Text</p>')).toBe(
      '<h2>Getting started</h2><p>Text</p>',
    );
    expect(sanitizeHtml('<H1>Loud</H1>')).toBe('<h2>Loud</h2>');
    // Only tag names change: text that reads like a tag stays text, and <h10> is no heading.
    expect(sanitizeHtml('<p title="<h1>">&lt;h1&gt; is a tag</p>')).toBe(
      '<p title="&lt;h2&gt;">&lt;h1&gt; is a tag</p>',
    );
    expect(sanitizeHtml('<h10>x</h10>')).toBe('x');
  });

  it("keeps Markdown footnotes' ids, so their links lead somewhere, and no other id", () => {
    // As Astro's Markdown (GitHub's flavour) writes a footnote.
    const footnotes =
      '<p>A note<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup>.</p>' +
      '<section data-footnotes="" class="footnotes"><h2 class="sr-only" id="footnote-label">Footnotes</h2>' +
      '<ol><li id="user-content-fn-1"><p>The note. <a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p></li></ol></section>';
    expect(sanitizeHtml(footnotes)).toBe(
      '<p>A note<sup><a href="#user-content-fn-1" id="user-content-fnref-1" aria-describedby="footnote-label">1</a></sup>.</p>' +
        '<h2 id="footnote-label">Footnotes</h2>' +
        '<ol><li id="user-content-fn-1"><p>The note. <a href="#user-content-fnref-1" aria-label="Back to reference 1">↩</a></p></li></ol>',
    );
    // Any other id could name something of the page's own, or a property of document (clobbering).
    for (const id of ['main-content', 'location', 'cookie', 'user-content-x', 'user-content-fn-1 x'])
      expect(sanitizeHtml(`<p id="${id}">t</p>`), id).toBe('<p>t</p>');
  });

  it('keeps every allowed scheme and relative links', () => {
    for (const href of [
      'http://a.example/',
      'https://a.example/',
      'ftp://a.example/',
      'ftps://a.example/',
      'mailto:a@b.example',
      'tel:+15550100',
      'callto:someone',
      'sms:+15550100',
      'cid:part1',
      'xmpp:a@b.example',
      '/blog',
      '#top',
      'page.html',
      'posts/a2:b',
      '2024/notes',
      '?page=2',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it('drops every other scheme, digits in it or not', () => {
    for (const href of [
      'ed2k://file',
      'h323:user@host',
      'web+a1:x',
      'a1b:x',
      'z39.50r://host',
      'x-1:y',
      'ms-settings:',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
      expect(isAllowedLinkUrl(href)).toBe(false);
    }
  });

  it('never lets a link open another window: target and rel are dropped', () => {
    for (const attributes of [
      'target="_blank"',
      'target="_Blank" rel="opener"',
      'target="other-window"',
      'rel="opener"',
      'target="_blank" rel="noopener noreferrer"',
    ]) {
      expect(sanitizeHtml(`<a href="https://a.example" ${attributes}>x</a>`), attributes).toBe(
        '<a href="https://a.example">x</a>',
      );
    }
  });

  it('keeps pictures from https addresses and this site, and drops any other address', () => {
    for (const src of ['https://img.example/a.png', '/icons/a.png', 'images/a.png']) {
      expect(sanitizeHtml(`<img src="${src}" alt="">`)).toBe(`<img src="${src}" alt="" loading="lazy">`);
    }
    for (const src of [
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '/&#9;/evil.example/a.png',
      'http://img.example/a.png',
      'data:image/svg+xml,<svg></svg>',
    ]) {
      expect(sanitizeHtml(`<img src="${src}" alt="">`), src).toBe('<img alt="" loading="lazy">');
    }
  });

  it('keeps a built picture whole: srcset, sizes, width, height, loading and decoding', () => {
    const built =
      '<img src="/_astro/a.webp" srcset="/_astro/a_200w.webp 200w, /_astro/a_400w.webp 400w, https://img.example/a.png 2x" ' +
      'sizes="(min-width: 768px) 680px, calc(100vw - 2rem)" alt="A schedule" width="1200" height="600" loading="lazy" decoding="async">';
    expect(sanitizeHtml(built)).toBe(built);
  });

  it('drops a srcset with any address a picture may not have, and values a picture cannot take', () => {
    for (const bad of [
      'javascript:alert(1) 1x',
      '//evil.example/a.png 200w',
      '/\\evil.example/a.png 200w',
      'http://img.example/a.png 200w',
      'data:image/svg+xml,<svg></svg> 200w',
      '/a.webp 200w, data:image/png;base64,AAAA 400w',
      '/a.webp onerror=alert(1)',
      '/a.webp 200w 400w',
      ',',
    ]) {
      const clean = sanitizeHtml(`<img src="/a.webp" srcset="${bad}" sizes="100vw" alt="A">`);
      expect(clean, bad).toBe('<img src="/a.webp" alt="A" loading="lazy">');
    }
    expect(
      sanitizeHtml(
        '<img src="/a.webp" alt="A" width="100%" height="1e9" loading="soon" decoding="now" sizes="url(x)">',
      ),
    ).toBe('<img src="/a.webp" alt="A" loading="lazy">');
    // Picture attributes mean nothing elsewhere.
    expect(sanitizeHtml('<p srcset="/a.webp 1x" sizes="1px" decoding="async">x</p>')).toBe('<p>x</p>');
  });

  it('takes each picture value whole, not only its start', () => {
    expect(sanitizeHtml('<img src="/a.webp" alt="A" width="123456" height="12" loading="lazyish">')).toBe(
      '<img src="/a.webp" alt="A" height="12" loading="lazy">',
    );
    expect(sanitizeHtml('<img src="/a.webp" srcset="/a.webp 2xl" alt="A">')).toBe(
      '<img src="/a.webp" alt="A" loading="lazy">',
    );
    expect(
      sanitizeHtml('<img src="/a.webp" srcset="/a.webp 2x" sizes="100vw; background: red" alt="A">'),
    ).toBe('<img src="/a.webp" srcset="/a.webp 2x" alt="A" loading="lazy">');
  });

  it('keeps a footnote id of at most 64 characters after its prefix', () => {
    const id = (length: number) => `user-content-fn-${'a'.repeat(length)}`;
    expect(sanitizeHtml(`<p id="${id(64)}">x</p>`)).toBe(`<p id="${id(64)}">x</p>`);
    expect(sanitizeHtml(`<p id="${id(65)}">x</p>`)).toBe('<p>x</p>');
  });

  it('keeps formatting', () => {
    expect(sanitizeHtml('<ul><li><strong>a</strong> <em>b</em></li></ul>')).toBe(
      '<ul><li><strong>a</strong> <em>b</em></li></ul>',
    );
  });
});

describe('link URLs', () => {
  it('allows only the spec’s schemes', () => {
    expect(isAllowedLinkUrl('https://example.org')).toBe(true);
    expect(isAllowedLinkUrl('xmpp:a@b')).toBe(true);
    expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('data:text/html,x')).toBe(false);
    expect(isAllowedLinkUrl('   ')).toBe(false);
  });

  it('reads a hidden scheme as the browser will (tabs, newlines, leading control characters)', () => {
    for (const hidden of [
      'java\tscript:alert(1)',
      'jav\nascript:alert(1)',
      '\u0001javascript:alert(1)',
      ' \rjavascript:x',
    ]) {
      expect(isAllowedLinkUrl(hidden), JSON.stringify(hidden)).toBe(false);
    }
    // The one link rule (url-check.ts) refuses what a browser silently drops inside an address.
    expect(isAllowedLinkUrl('https://example.org/\tpage')).toBe(false);
    expect(isAllowedLinkUrl(' https://example.org/page\n')).toBe(true);
  });

  it('defaults to http', () => {
    expect(withDefaultScheme('example.org/page')).toBe('http://example.org/page');
    expect(withDefaultScheme('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(withDefaultScheme('/blog')).toBe('/blog');
    // A link to a part of the same page, and an address typed with spaces around it.
    expect(withDefaultScheme('#contact')).toBe('#contact');
    expect(withDefaultScheme('  example.org/page ')).toBe('http://example.org/page');
  });

  it('defaults to http for a web address with a port, which looks like a scheme', () => {
    expect(withDefaultScheme('example.org:8080/page')).toBe('http://example.org:8080/page');
    expect(withDefaultScheme('localhost:4321')).toBe('http://localhost:4321');
    // A scheme followed by digits is still a scheme.
    expect(withDefaultScheme('tel:4165550123')).toBe('tel:4165550123');
    expect(withDefaultScheme('javascript:1')).toBe('javascript:1');
  });
});
