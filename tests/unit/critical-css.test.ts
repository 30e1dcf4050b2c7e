import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FIRST_ROUND_TRIP_BUDGET,
  FIRST_SCREEN_END,
  HEAD_SCRIPT_CLASSES,
  UNTIL_STYLED,
  classesOf,
  compressedSize,
  criticalCss,
  firstScreen,
  inlineCriticalCss,
  keepsBlockingStylesheet,
  loaderScript,
  mayMatch,
  namesControlPart,
  parseStylesheet,
  serialise,
  typesOf,
} from '../../src/integrations/html/critical-css.mjs';
import { hashHeadStyles, parsePolicy } from '../../src/integrations/html/csp-steps.mjs';
import { HtmlPage } from '../../src/integrations/html/page.mjs';
import { runSteps } from '../../src/integrations/html/pipeline.mjs';
import { preferencesHeadScript } from '../../src/lib/page/a11y-preferences';
import { fakePaintTimeline } from '../paint-timeline';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// The shape of what Tailwind and Astro write: layers, a nested rule, escaped class names, a string
// holding braces, @property, @keyframes, and the theme's variables.
const SHEET =
  '@font-face{font-family:A;src:url(/a.woff2)}' +
  '@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-unread:0}}}' +
  '@layer theme{:root,:host{--spacing:.25rem;--color-brand:var(--brand);--unused:1px}}' +
  '@layer base{*{margin:0}a{color:inherit}}' +
  '@layer components;' +
  '@layer utilities{.mt-2{margin-top:calc(var(--spacing)*2)}.shadow{box-shadow:var(--tw-shadow)}' +
  '.md\\:flex{display:flex}.unused{color:red}.spin{animation:spin 1s}' +
  ':where(.space-y-1>:not(:last-child)){margin-top:1px}' +
  '.group-hover\\:x:is(:where(.group):hover *){color:blue}' +
  '@media (width>=48rem){.md\\:grid{display:grid}.lg\\:block{display:block}}' +
  '@media print{.mt-2{margin-top:0}}@media only print and (width>=48rem){.card{color:#000}}' +
  '@media print,(width>=64rem){.shadow{box-shadow:none}}}' +
  '.card{color:var(--color-brand);&:hover{color:red}}' +
  '.quote:before{content:"{not a block}"}' +
  'html[data-contrast=dark]{--brand:#fff}' +
  'html:not(.js) [data-menu]{display:none}' +
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
  '@property --tw-other{syntax:"*";inherits:false}' +
  '@keyframes spin{to{transform:rotate(1turn)}}' +
  '@keyframes fade{to{opacity:0}}';

describe('parsing the stylesheet', () => {
  it('reads blocks, nesting, strings and escapes, and writes them back as they were', () => {
    const sheet = parseStylesheet(SHEET);
    expect(serialise(sheet)).toBe(SHEET);
    const quote = sheet.find((node) => 'prelude' in node && node.prelude === '.quote:before');
    expect(quote).toEqual({ prelude: '.quote:before', children: [{ text: 'content:"{not a block}"' }] });
  });
});

describe('which rules a page can use', () => {
  it('requires every class of a selector, escapes undone, classes under :not() aside', () => {
    expect(classesOf('.md\\:flex')).toEqual(['md:flex']);
    // A hex escape, as Tailwind writes a leading digit, and the space that ends it: `2xl:text-lg`.
    expect(classesOf('.\\32 xl\\:text-lg')).toEqual(['2xl:text-lg']);
    expect(classesOf('.\\32 xl\\:text-lg .mt-2')).toEqual(['2xl:text-lg', 'mt-2']);
    expect(classesOf('html:not(.js) [data-menu]')).toEqual([]);
    expect(classesOf('.group-hover\\:x:is(:where(.group):hover *)')).toEqual(['group-hover:x', 'group']);
    expect(mayMatch('.a .b', new Set(['a']))).toBe(false);
    expect(mayMatch('.a .b,.c', new Set(['c']))).toBe(true);
    expect(mayMatch('html[data-contrast=dark]', new Set())).toBe(true);
  });

  it("requires a selector's element names outside functions, escapes and attribute values aside", () => {
    expect(typesOf('ul>li')).toEqual(['ul', 'li']);
    expect(typesOf('html[data-contrast=dark] p.note')).toEqual(['html', 'p']);
    expect(typesOf(':where(select:is([multiple],[size])) optgroup option')).toEqual(['optgroup', 'option']);
    expect(typesOf(':where(.space-y-3>:not(:last-child))')).toEqual([]);
    expect(typesOf('abbr:where([title])')).toEqual(['abbr']);
    expect(typesOf('[data-label="a b"] em')).toEqual(['em']);
    // An escaped space, or a hex escape ended by its space, is part of a class name, not a combinator.
    expect(typesOf('.a\\ b')).toEqual([]);
    expect(typesOf('.\\32 xl\\:text-lg p')).toEqual(['p']);
    expect(typesOf('.\\[\\&_ul\\]\\:space-y-2 ul>:not(:last-child)')).toEqual(['ul']);
  });

  it('keeps a rule for elements only where they are, through any selector of its list', () => {
    const tags = new Set(['html', 'body', 'main', 'p']);
    expect(mayMatch('code,kbd,samp,pre', new Set(), tags)).toBe(false);
    expect(mayMatch('code,p', new Set(), tags)).toBe(true);
    expect(mayMatch('main .mt-2', new Set(['mt-2']), tags)).toBe(true);
    expect(mayMatch('table .mt-2', new Set(['mt-2']), tags)).toBe(false);
    expect(mayMatch('*,:after,:before,::backdrop', new Set(), tags)).toBe(true);
    // Without the page's element names, every element counts as present.
    expect(mayMatch('code', new Set())).toBe(true);
  });

  it("keeps the rules for a form control's parts only where a form control is", () => {
    expect(namesControlPart('::-webkit-datetime-edit-year-field')).toBe(true);
    expect(namesControlPart('.file\\:mr-2::file-selector-button')).toBe(true);
    expect(namesControlPart('::placeholder')).toBe(true);
    expect(namesControlPart('.marker\\:x ::marker')).toBe(false);
    expect(namesControlPart(':is(::placeholder)')).toBe(false); // inside a function: left as present
    const page = new Set(['html', 'body', 'main', 'p']);
    expect(mayMatch('::placeholder', new Set(), page)).toBe(false);
    expect(mayMatch('::placeholder', new Set(), new Set([...page, 'textarea']))).toBe(true);
    expect(mayMatch('input,::file-selector-button', new Set(), page)).toBe(false);
  });

  it('keeps the rules of the classes given, the base, the states and what they read; layers in order', () => {
    const css = criticalCss(parseStylesheet(SHEET), ['mt-2', 'shadow', 'md:grid', 'card', 'spin']);
    expect(css.startsWith('@layer properties,theme,base,components,utilities;')).toBe(true);
    for (const kept of [
      '@font-face{font-family:A',
      '*{margin:0}',
      '.mt-2{',
      '.shadow{',
      '@media (width>=48rem){.md\\:grid{display:grid}}',
      '.card{color:var(--color-brand);&:hover{color:red}}',
      'html[data-contrast=dark]{--brand:#fff}',
      'html:not(.js) [data-menu]{display:none}',
      '@property --tw-shadow{',
      '@keyframes spin{',
      '--spacing:.25rem',
      '--color-brand:var(--brand)',
      '--tw-shadow:0 0 #0000',
      // A query that also applies to the screen.
      '@media print,(width>=64rem){.shadow{box-shadow:none}}',
    ])
      expect(css).toContain(kept);
    // With the page's element names, a base rule for an element it does not have is left out.
    const withTags = criticalCss(parseStylesheet(SHEET), ['mt-2'], ['html', 'body', 'main', 'p']);
    expect(withTags).toContain('*{margin:0}');
    expect(withTags).not.toContain('a{color:inherit}');
    expect(criticalCss(parseStylesheet(SHEET), ['mt-2'], ['html', 'body', 'a'])).toContain(
      'a{color:inherit}',
    );
    for (const dropped of [
      '.unused',
      '.md\\:flex',
      '.lg\\:block',
      'space-y-1',
      'group-hover',
      '.quote',
      '--unused',
      '--tw-unread',
      '@property --tw-other',
      '@keyframes fade',
      // Paper only: it waits for the whole stylesheet.
      '@media print{',
      '@media only print',
    ])
      expect(css).not.toContain(dropped);
  });
});

describe("the first screen's classes", () => {
  it('come from <html>, the head script and <body>, less hidden parts, what follows the mark and the footer', () => {
    const page = new HtmlPage(
      '<html class="h"><head></head><body class="b"><header class="top"><div hidden class="menu"></div></header>' +
        '<template><p class="tpl"></p></template>' +
        `<main class="m"><section class="hero"></section><section ${FIRST_SCREEN_END} class="later"></section>` +
        '<section class="later-still"></section></main><footer class="foot"></footer></body></html>',
      'index.html',
    );
    const { classes, tags } = firstScreen(page);
    expect([...classes].sort()).toEqual(['b', 'h', 'hero', 'm', 'top', ...HEAD_SCRIPT_CLASSES].sort());
    // The elements, from the same parts of the page: the hidden <div>, the template's <p>, what
    // follows the mark and the footer are not among them.
    expect([...tags].sort()).toEqual(['body', 'header', 'html', 'main', 'section']);
  });

  it('include every class the head script puts on <html> before the first paint', () => {
    const added = [...preferencesHeadScript().matchAll(/classList\.add\(['"]([\w-]+)['"]\)/g)].map(
      (match) => match[1],
    );
    expect(added.length).toBeGreaterThan(0);
    expect(HEAD_SCRIPT_CLASSES).toEqual(added);
  });
});

describe('the critical-css step', () => {
  const href = '/_astro/BaseLayout.A1.css';
  const html =
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="content-security-policy" content="script-src 'self'; style-src 'self'">` +
    `<link rel="stylesheet" href="${href}"></head>` +
    '<body><main><p class="mt-2">Hi</p></main></body></html>';
  const context = {
    relax: () => undefined,
    extraConnect: () => [] as string[],
    stylesheet: (asked: string) => (asked === href ? parseStylesheet(SHEET) : undefined),
  };

  it('swaps the link for the rules, a loader after the first paint and a <noscript> link, all hashed', () => {
    const page = runSteps(html, 'index.html', context);
    expect(page.problems).toEqual([]);
    const css =
      criticalCss(parseStylesheet(SHEET), ['mt-2', ...HEAD_SCRIPT_CLASSES], ['html', 'body', 'main', 'p']) +
      UNTIL_STYLED;
    expect(page.html).toContain(
      `<style>${css}</style><script>${loaderScript(href)}</script>` +
        `<noscript><link rel="stylesheet" href="${href}"></noscript></head>`,
    );
    expect(page.html).not.toMatch(/<head>.*<link rel="stylesheet"[^>]*>.*<noscript>/);
    const policy = parsePolicy(/content="([^"]*)"/.exec(page.html)![1]!);
    expect(policy.get('style-src')).toContain(hash(css));
    expect(policy.get('script-src')).toContain(hash(loaderScript(href)));
  });

  it('the loader adds the stylesheet once, after the largest paint, and marks the page styled', () => {
    const appended: { rel?: string; href?: string; onload?: () => void }[] = [];
    const root = new Map<string, string>();
    const paint = fakePaintTimeline();
    paint.run(loaderScript(href), {
      head: { appendChild: (link: (typeof appended)[number]) => appended.push(link) },
      documentElement: { setAttribute: (name: string, value: string) => root.set(name, value) },
    });
    paint.parsed();
    paint.flush();
    expect(appended).toEqual([]); // parsed, not yet painted
    paint.largestPaint();
    paint.flush();
    paint.largestPaint();
    paint.load();
    paint.flush();
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ rel: 'stylesheet', href });
    expect(root.has('data-styled')).toBe(false);
    appended[0]!.onload!();
    expect(root.get('data-styled')).toBe('');
  });

  it('the loader adds it once parsed, without waiting for a largest paint, on a page opened at a fragment', () => {
    // /training#register: the form is after the first screen, hidden until styled, and a viewport
    // showing nothing painted reports no largest paint (the stylesheet came three seconds after load).
    const appended: unknown[] = [];
    const paint = fakePaintTimeline({ hash: '#register' });
    paint.run(loaderScript(href), { head: { appendChild: (link: unknown) => appended.push(link) } });
    paint.flush();
    expect(appended).toEqual([]); // not while parsing
    paint.parsed();
    paint.flush();
    expect(appended).toHaveLength(1);
    paint.largestPaint();
    paint.load();
    paint.flush();
    expect(appended).toHaveLength(1);
  });

  it('the loader adds it at the load event where the browser reports no largest paint', () => {
    const appended: unknown[] = [];
    const paint = fakePaintTimeline({ reportsLargestPaint: false });
    paint.run(loaderScript(href), { head: { appendChild: (link: unknown) => appended.push(link) } });
    paint.parsed();
    paint.flush();
    expect(appended).toEqual([]);
    paint.load();
    paint.flush();
    expect(appended).toHaveLength(1);
  });

  it('leaves a page that would pass the first round trip with its link', () => {
    // Text no compression shrinks: the page alone is within the budget, not with the rules.
    const words = randomBytes(9000).toString('base64');
    const small = html.replace('<p class="mt-2">Hi</p>', `<p class="mt-2">${words}</p>`);
    expect(compressedSize(small)).toBeLessThan(FIRST_ROUND_TRIP_BUDGET);
    const noise = randomBytes(12000).toString('base64');
    const rules = Array.from(
      { length: 2000 },
      (_, n) => `html[data-x="${noise.slice(n * 8, n * 8 + 8)}"]{color:red}`,
    );
    const bigSheet = parseStylesheet(`.mt-2{margin:0}${rules.join('')}`);
    const page = new HtmlPage(small, 'index.html');
    inlineCriticalCss.run(page, { ...context, stylesheet: () => bigSheet });
    expect(page.html).toBe(small);
    const fits = new HtmlPage(small, 'index.html');
    inlineCriticalCss.run(fits, context);
    expect(fits.html).toContain('<style>');
    // The build names the first, not the second: only its first paint waits for the stylesheet.
    expect(keepsBlockingStylesheet(page.html, 'index.html')).toBe(true);
    expect(keepsBlockingStylesheet(fits.html, 'index.html')).toBe(false);
    // Nor the pages that keep their link by design.
    expect(keepsBlockingStylesheet(html, 'admin/posts/index.html')).toBe(false);
    expect(keepsBlockingStylesheet(html, 'offline/index.html')).toBe(false);
  });

  it('leaves the admin, the CMS, the offline page and a page whose stylesheet is not found alone', () => {
    for (const file of ['admin/posts/index.html', 'cms/index.html', 'offline/index.html']) {
      const page = new HtmlPage(html, file);
      inlineCriticalCss.run(page, context);
      expect(page.html).toBe(html);
    }
    const page = new HtmlPage(html.replace(href, '/_astro/Other.B2.css'), 'index.html');
    inlineCriticalCss.run(page, context);
    expect(page.html).toContain('<link rel="stylesheet" href="/_astro/Other.B2.css">');
  });

  it('hashes the inline styles of <head> only: one in <body> stays unhashed', () => {
    const page = new HtmlPage(
      '<html><head><style>a{}</style></head><body><style>b{}</style></body></html>',
      'index.html',
    );
    page.state.csp = parsePolicy("style-src 'self'");
    hashHeadStyles.run(page);
    expect((page.state.csp as Map<string, string[]>).get('style-src')).toEqual(["'self'", hash('a{}')]);
  });
});
