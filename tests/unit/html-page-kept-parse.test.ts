import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { HtmlPage } from '../../src/integrations/html/page.mjs';
import { lowerScriptPriority } from '../../src/integrations/html/script-priority-step.mjs';

// HtmlPage keeps its parse tree across addAttributes, replaceElement, removeElements and appendInside
// (decision 0035): the tree it keeps must be the one a fresh parse of the edited text gives, offsets
// included, or a later step would hash or cut the wrong bytes.

type Span = { startOffset: number; endOffset: number };
type Location = Span & { startTag?: Span; endTag?: Span; attrs?: Record<string, Span> };
type Node = {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  value?: string;
  childNodes?: Node[];
  content?: Node;
  sourceCodeLocation?: Location | null;
};

/** Every node's name, attributes, text and source offsets, in document order. */
function outline(root: Node): unknown[] {
  const span = (s?: Span | null) => s && [s.startOffset, s.endOffset];
  const rows: unknown[] = [];
  const visit = (node: Node) => {
    const location = node.sourceCodeLocation;
    rows.push({
      name: node.nodeName,
      attrs: node.attrs?.map((a) => `${a.name}=${a.value}`),
      value: node.value,
      at: span(location),
      startTag: span(location?.startTag),
      endTag: span(location?.endTag),
      attrSpans:
        location?.attrs && Object.fromEntries(Object.entries(location.attrs).map(([k, v]) => [k, span(v)])),
    });
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(root);
  return rows;
}

const fresh = (html: string) =>
  outline(parse(html, { sourceCodeLocationInfo: true, scriptingEnabled: false }) as Node);

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta http-equiv="content-security-policy" content="script-src \'self\'">' +
  '<link rel="stylesheet" href="/_astro/site.css"><script type="module" src="/_astro/a.js"></script>\n' +
  '<title>A &amp; B</title></head><body><header><img src="/a.webp" alt="" /></header>' +
  '<template><p class="t">in a template</p></template>' +
  '<main><p>Text</p><script type="module" src="/_astro/b.js"></script></main>' +
  '<noscript><p>No script</p></noscript><footer>End</footer></body></html>';

describe('HtmlPage keeps its parse across edits', () => {
  it('adds attributes before another, and later offsets follow', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    const scripts = page.byTag('script');
    const img = page.byTag('img')[0]!;
    const before = page.document;
    page.addAttributes([
      ...scripts.map((element) => ({ element, name: 'fetchpriority', value: 'low', before: 'src' })),
      { element: img, name: 'loading', value: 'lazy', before: 'alt' },
    ]);
    expect(page.document).toBe(before);
    expect(page.html).toContain('<script type="module" fetchpriority="low" src="/_astro/a.js">');
    expect(page.html).toContain('<img src="/a.webp" loading="lazy" alt="" />');
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
    expect(page.innerSource(page.byTag('title')[0]!)).toBe('A &amp; B');
  });

  it('replaces an element with parsed nodes, and the tree matches a fresh parse', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    const link = page.byTag('link')[0]!;
    const before = page.document;
    page.replaceElement(
      link,
      '<style>.a{color:red}</style><script>load()</script><noscript><link rel="stylesheet" href="/_astro/site.css"></noscript>',
    );
    expect(page.document).toBe(before);
    expect(page.byTag('style')).toHaveLength(1);
    expect(page.innerSource(page.byTag('script')[0]!)).toBe('load()');
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
  });

  it('stays exact through several edits in a row, as the steps make them', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    page.addAttributes(
      page
        .byTag('script')
        .map((element) => ({ element, name: 'fetchpriority', value: 'low', before: 'src' })),
    );
    page.replaceElement(
      page.byTag('link')[0]!,
      '<style>b{}</style><noscript><link rel="stylesheet" href="x.css"></noscript>',
    );
    page.addAttributes([{ element: page.byTag('img')[0]!, name: 'decoding', value: 'async', before: 'src' }]);
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
    expect(page.innerSource(page.byTag('footer')[0]!)).toBe('End');
    expect(page.byTag('img')[0]!.attrs.map((a) => a.name)).toEqual(['decoding', 'src', 'alt']);
  });

  it('removes elements, joining the text either side as a fresh parse does', () => {
    const html = PAGE.replace('<p>Text</p>', '<p>Text</p>before <script>inline()</script> after');
    const page = new HtmlPage(html, 'index.html');
    const before = page.document;
    page.removeElements(page.byTag('script'));
    expect(page.document).toBe(before);
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<p>Text</p>before  after</main>');
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
  });

  it('appends HTML at the end of an element, before its end tag', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    const before = page.document;
    page.appendInside(page.byTag('head')[0]!, '<script>start()</script>');
    expect(page.document).toBe(before);
    expect(page.html).toContain('<title>A &amp; B</title><script>start()</script></head>');
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
    expect(page.innerSource(page.byTag('script').at(-2)!)).toBe('start()');
  });

  it("stays exact through the script step's removals and addition, then the stylesheet's replacement", () => {
    const page = new HtmlPage(PAGE, 'index.html');
    page.removeElements(page.byTag('script'));
    page.appendInside(page.byTag('head')[0]!, '<script>go()</script>');
    page.replaceElement(
      page.byTag('link')[0]!,
      '<style>b{}</style><noscript><link rel="stylesheet" href="x.css"></noscript>',
    );
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
    expect(page.byTag('script').map((script) => page.innerSource(script))).toEqual(['go()']);
  });

  it('keeps the parse through the script step, so the steps after it parse nothing again', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    const tree = page.document;
    lowerScriptPriority.run(page);
    expect(page.html).not.toContain('src="/_astro/a.js"');
    expect(page.html).toMatch(
      /<script>\(function\(\)\{.*"\/_astro\/a\.js","\/_astro\/b\.js".*<\/script><\/head>/,
    );
    expect(page.document).toBe(tree);
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
  });

  it('moves the end of an element without an end tag that ended with the replaced one', () => {
    const html =
      '<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="a.css"><body><p>Hi';
    const page = new HtmlPage(html, 'index.html');
    page.replaceElement(
      page.byTag('link')[0]!,
      '<style>p{}</style><noscript><link rel="stylesheet" href="a.css"></noscript>',
    );
    expect(outline(page.document as Node)).toEqual(fresh(page.html));
  });

  it('parses again when what it adds begins or ends with text, which a page parse could join', () => {
    const edits = [
      (page: HtmlPage) => page.replaceElement(page.byTag('p')[1]!, 'plain <b>words</b>'),
      (page: HtmlPage) => page.appendInside(page.byTag('main')[0]!, 'more <b>words</b>'),
    ];
    for (const edit of edits) {
      const page = new HtmlPage(PAGE, 'index.html');
      const before = page.document;
      edit(page);
      expect(page.document).not.toBe(before);
      expect(outline(page.document as Node)).toEqual(fresh(page.html));
    }
  });

  it('refuses an attribute value it would have to escape', () => {
    const page = new HtmlPage(PAGE, 'index.html');
    const img = page.byTag('img')[0]!;
    expect(() =>
      page.addAttributes([{ element: img, name: 'title', value: 'a "b"', before: 'src' }]),
    ).toThrow(/escaping/);
  });
});
