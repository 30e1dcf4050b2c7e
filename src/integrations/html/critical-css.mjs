// The part of the site's stylesheet one page's first screen needs (issue 33, decision 0034): the
// stylesheet Astro links is one file for every page, render-blocking, and fetching it cost each page a
// second round trip before anything was painted. Tailwind's rules are almost all one-class selectors,
// so the rules a page can use are found from the class names in its markup, without a browser: a rule
// is kept when one of its selectors names only classes and elements the page has (those under
// :not() aside, since they match by being absent; elements named inside :is() or :where() and
// attribute selectors count as present, which keeps every data-contrast, data-scrolled… state; a
// base style for an element the first screen lacks, a table or code, waits for the stylesheet).
// @font-face is always kept (the accessibility panel's font applies before the first paint),
// @property and @keyframes only when a kept rule uses them. The layers are declared first in the
// stylesheet's own order, so the full stylesheet, which arrives later with the same rules, cascades
// exactly as before.
import { brotliCompressSync, constants } from 'node:zlib';
import { afterLargestPaint } from './after-largest-paint.mjs';
import { attribute, isPublicPage } from './page.mjs';

/**
 * @typedef {{ text: string }} Declaration a declaration, or a statement such as `@layer a,b`
 * @typedef {{ prelude: string, children: Node[] }} Block a rule or an at-rule with a block
 * @typedef {Declaration | Block} Node
 */

/**
 * The stylesheet as a tree of blocks and declarations (minified CSS as Astro writes it: strings,
 * escapes and comments are respected; nesting is kept as children).
 * @param {string} css
 * @returns {Node[]}
 */
export function parseStylesheet(css) {
  let at = 0;
  /** @returns {Node[]} */
  const body = () => {
    /** @type {Node[]} */
    const nodes = [];
    let start = at;
    let parens = 0;
    while (at < css.length) {
      const char = css[at];
      if (char === '\\') {
        at += 2;
        continue;
      }
      if (char === '"' || char === "'") {
        at = endOfString(css, at);
        continue;
      }
      if (char === '/' && css[at + 1] === '*') {
        const end = css.indexOf('*/', at + 2);
        at = end < 0 ? css.length : end + 2;
        continue;
      }
      if (char === '(') parens += 1;
      else if (char === ')') parens -= 1;
      else if (parens === 0 && (char === ';' || char === '}')) {
        const text = css.slice(start, at).trim();
        if (text) nodes.push({ text });
        at += 1;
        if (char === '}') return nodes;
        start = at;
        continue;
      } else if (parens === 0 && char === '{') {
        const prelude = css.slice(start, at).trim();
        at += 1;
        nodes.push({ prelude, children: body() });
        start = at;
        continue;
      }
      at += 1;
    }
    const text = css.slice(start).trim();
    if (text) nodes.push({ text });
    return nodes;
  };
  return body();
}

/** The index just past the string that starts at `from`. */
function endOfString(css, from) {
  const quote = css[from];
  let at = from + 1;
  while (at < css.length && css[at] !== quote) at += css[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** @param {Node[]} nodes @returns {string} */
export function serialise(nodes) {
  return nodes
    .map((node, index) =>
      'prelude' in node
        ? `${node.prelude}{${serialise(node.children)}}`
        : // No semicolon before a closing brace (nor after the last statement).
          `${node.text}${index < nodes.length - 1 ? ';' : ''}`,
    )
    .join('');
}

const CUSTOM_PROPERTY = /^(--[\w-]+)\s*:/;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/**
 * The nodes without the custom properties (`--x: …`) that nothing among them reads with var(),
 * and without the rules that are left empty: Tailwind declares every theme variable and every
 * --tw-* default for the whole site, and a page's first screen reads few of them.
 * @param {Node[]} nodes @returns {Node[]}
 */
function dropUnreadProperties(nodes) {
  for (;;) {
    const read = new Set([...serialise(nodes).matchAll(VARIABLE_USE)].map((match) => match[1]));
    let dropped = false;
    /** @param {Node[]} list @returns {Node[]} */
    const prune = (list) =>
      list.flatMap((node) => {
        if (!('prelude' in node)) {
          const name = CUSTOM_PROPERTY.exec(node.text)?.[1];
          if (name && !read.has(name)) {
            dropped = true;
            return [];
          }
          return [node];
        }
        if (node.prelude.startsWith('@') && !GROUPING.test(node.prelude)) return [node];
        const children = prune(node.children);
        return children.length > 0 ? [{ prelude: node.prelude, children }] : [];
      });
    const next = prune(nodes);
    if (!dropped) return next;
    nodes = next;
  }
}

/** The selector without the parts that match by a class being absent (:not(...)). */
function withoutNegations(selector) {
  let out = '';
  let at = 0;
  while (at < selector.length) {
    const not = selector.indexOf(':not(', at);
    if (not < 0) break;
    out += selector.slice(at, not);
    let depth = 0;
    let end = not + 4;
    for (; end < selector.length; end += 1) {
      if (selector[end] === '\\') end += 1;
      else if (selector[end] === '(') depth += 1;
      else if (selector[end] === ')' && --depth === 0) break;
    }
    at = end + 1;
  }
  return out + selector.slice(at);
}

/** The selectors of a selector list (split at the commas outside parentheses and brackets). */
function selectorsOf(list) {
  const selectors = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < list.length; at += 1) {
    const char = list[at];
    if (char === '\\') at += 1;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, at));
      start = at + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
}

// A CSS escape: hex digits and the one space that may end them (`\32 ` is "2"), or any other character.
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g;
const CLASS = new RegExp(`\\.((?:${ESCAPE.source}|[\\w-])+)`, 'g');

/** ESCAPE where a backslash stands (sticky). */
const ESCAPE_AT = new RegExp(ESCAPE.source, 'y');

/** A name with its escapes undone. @param {string} name */
const unescaped = (name) =>
  name.replace(ESCAPE, (_, hex, char) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char));

/** The class names a selector requires (escapes undone: `.md\:flex` requires `md:flex`, `.\32 xl\:x` `2xl:x`). */
export function classesOf(selector) {
  return [...withoutNegations(selector).matchAll(CLASS)].map((match) => unescaped(match[1]));
}

/**
 * The selector with what stands inside parentheses, brackets and quotes taken out, and each escape
 * (`\:`, `\ `, or hex as in `\32 `, whose space ends it) as one `_`, a part of a name, never a combinator.
 */
function outsideParentheses(selector) {
  let out = '';
  let depth = 0;
  let quote = '';
  for (let at = 0; at < selector.length; at += 1) {
    const char = selector[at];
    if (char === '\\') {
      ESCAPE_AT.lastIndex = at;
      at += (ESCAPE_AT.exec(selector)?.[0].length ?? 1) - 1;
      if (depth === 0 && !quote) out += '_';
    } else if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

// A type selector starts a compound: at the start of the selector or after a combinator.
const TYPE = /(?:^|[\s>+~])([a-zA-Z][\w-]*)/g;

/**
 * The element names a selector requires: its type selectors, lower-cased (`ul>li` requires ul and
 * li). Those inside :is(), :where(), :not() and other functions are left out, so a rule that may match
 * through an alternative is never dropped for it.
 */
export function typesOf(selector) {
  return [...outsideParentheses(selector).matchAll(TYPE)].map((match) => match[1].toLowerCase());
}

// Pseudo-elements that are parts of form controls (a date field's segments, a search field's
// decoration, a file input's button, a placeholder): they match only where a form control is.
const CONTROL_PART =
  /::(-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-)|file-selector-button|placeholder)/;
const CONTROLS = ['input', 'textarea', 'select'];

/**
 * Whether a selector names a part of a form control (CONTROL_PART), outside any function.
 * @param {string} selector
 */
export const namesControlPart = (selector) => CONTROL_PART.test(outsideParentheses(selector));

/** Each selector list's required classes and elements, worked out once for every page of the build. */
const required = new Map();

/**
 * Whether a rule with this selector list can match in a page whose classes are `classes` and whose
 * elements are named `tags` (every element counts as present without it).
 * @param {string} selectorList @param {Set<string>} classes @param {Set<string>} [tags]
 */
export function mayMatch(selectorList, classes, tags) {
  let lists = required.get(selectorList);
  if (!lists) {
    lists = selectorsOf(selectorList).map((selector) => ({
      names: classesOf(selector),
      types: typesOf(selector),
      control: namesControlPart(selector),
    }));
    required.set(selectorList, lists);
  }
  return lists.some(
    ({ names, types, control }) =>
      names.every((name) => classes.has(name)) &&
      (!tags ||
        (types.every((type) => tags.has(type)) && (!control || CONTROLS.some((type) => tags.has(type))))),
  );
}

const GROUPING = /^@(layer|media|supports|container|starting-style|scope)\b/;
/** Rules for paper only: they wait for the whole stylesheet, which comes long before anyone prints. */
const PRINT_ONLY = /^@media\s+(only\s+)?print\b[^,]*$/i;

/**
 * The rules of `nodes` a page with these classes and elements can use (the first pass: @property
 * and @keyframes are decided afterwards, from what was kept).
 * @param {Node[]} nodes @param {Set<string>} classes @param {Set<string> | undefined} tags
 * @returns {Node[]}
 */
function keepUsed(nodes, classes, tags) {
  /** @type {Node[]} */
  const kept = [];
  for (const node of nodes) {
    if (!('prelude' in node)) kept.push(node);
    else if (PRINT_ONLY.test(node.prelude)) continue;
    else if (GROUPING.test(node.prelude)) {
      const children = keepUsed(node.children, classes, tags);
      if (children.some((child) => 'prelude' in child)) kept.push({ prelude: node.prelude, children });
    } else if (node.prelude.startsWith('@')) kept.push(node);
    else if (mayMatch(node.prelude, classes, tags)) kept.push(node);
  }
  return kept;
}

/** The nodes without the @property and @keyframes blocks that `used` does not reference. */
function dropUnreferenced(nodes, used) {
  /** @type {Node[]} */
  const kept = [];
  for (const node of nodes) {
    if (!('prelude' in node)) kept.push(node);
    else if (node.prelude.startsWith('@property ')) {
      const name = node.prelude.slice('@property '.length).trim();
      if (used.includes(`var(${name}`)) kept.push(node);
    } else if (/^@(-webkit-)?keyframes /.test(node.prelude)) {
      const name = node.prelude.replace(/^@(-webkit-)?keyframes /, '').trim();
      if (new RegExp(`animation(-name)?:[^;}]*\\b${name}\\b`).test(used)) kept.push(node);
    } else if (GROUPING.test(node.prelude)) {
      const children = dropUnreferenced(node.children, used);
      if (children.length > 0) kept.push({ prelude: node.prelude, children });
    } else kept.push(node);
  }
  return kept;
}

/** The names of the top-level layers, in the order the stylesheet first names them. */
function layerOrder(nodes) {
  const names = [];
  for (const node of nodes) {
    const prelude = 'prelude' in node ? node.prelude : node.text;
    const match = /^@layer\s+([^{;]+)$/.exec(prelude);
    if (!match) continue;
    for (const name of match[1].split(',').map((part) => part.trim())) {
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/**
 * The part of the stylesheet `css` (its text) that a page whose markup has these class names, and
 * these elements (every element counts as present without them), needs.
 * @param {Node[]} sheet parseStylesheet(css)
 * @param {Iterable<string>} classes
 * @param {Iterable<string>} [tags]
 * @returns {string}
 */
export function criticalCss(sheet, classes, tags) {
  // Pages of one kind (posts, tags) mostly have the same classes: worked out once for each set.
  let made = madeFor.get(sheet);
  if (!made) madeFor.set(sheet, (made = new Map()));
  const sorted = (names) => [...new Set(names)].sort().join(' ');
  const key = `${sorted(classes)}|${tags ? sorted(tags) : '*'}`;
  if (!made.has(key)) made.set(key, criticalCssOf(sheet, classes, tags));
  return made.get(key);
}

/** @type {WeakMap<Node[], Map<string, string>>} */
const madeFor = new WeakMap();

/** @param {Node[]} sheet @param {Iterable<string>} classes @param {Iterable<string>} [tags] */
function criticalCssOf(sheet, classes, tags) {
  const kept = dropUnreadProperties(keepUsed(sheet, new Set(classes), tags && new Set(tags)));
  const rules = dropUnreferenced(kept, serialise(kept));
  const layers = layerOrder(sheet);
  return (layers.length > 1 ? `@layer ${layers.join(',')};` : '') + serialise(rules);
}

/** The attribute that ends a page's first screen: this element and what follows it in <main>. */
export const FIRST_SCREEN_END = 'data-after-first-screen';
/** Set on <html> by the loader once the whole stylesheet has arrived (or failed to). */
export const STYLED = 'data-styled';

/**
 * What follows the first screen, and the site's footer, stay hidden until the whole stylesheet has
 * arrived, so nobody sees them unstyled and nothing moves where it is visible (CLS). Only with scripting on: without it, the
 * <noscript> link loads the stylesheet as before and nothing sets the attribute.
 * Hidden content still widens the page: without their rules, training's form fields reached 413 px on
 * a 320 px screen with the largest text, a sideways scroll until the stylesheet came (WCAG 1.4.10).
 * `overflow: clip` keeps what they hold inside them, with no scroll box nor formatting context of its
 * own, so nothing in their layout moves either.
 */
export const UNTIL_STYLED = (() => {
  const waiting = `html:not([${STYLED}])`;
  const after = `${waiting} main [${FIRST_SCREEN_END}]`;
  return `@media (scripting:enabled){${after},${after}~*,${waiting} body>footer{visibility:hidden;overflow:clip}}`;
})();

/**
 * The classes the head script puts on <html> before the first paint (preferencesHeadScript in
 * src/lib/page/a11y-preferences.ts; tests/unit/critical-css.test.ts checks the two agree).
 */
export const HEAD_SCRIPT_CLASSES = ['js'];

/**
 * The elements of the page's markup visible at first: <html>, <body> and every element of <body>
 * except those in a `hidden` subtree or a <template> (shown only by a script, after the stylesheet
 * has come), those in <main> from the FIRST_SCREEN_END element on, and the site's footer (<body>'s
 * own <footer>).
 * @param {import('./page.mjs').HtmlPage} page
 */
function firstScreenElements(page) {
  const elements = [...page.byTag('html'), ...page.byTag('body')];
  const body = page.byTag('body')[0];
  let after = false;
  const walk = (node, inMain) => {
    for (const child of node.childNodes ?? []) {
      if (!('tagName' in child) || child.tagName === 'template') continue;
      if (child.attrs.some((attr) => attr.name === 'hidden')) continue;
      // The site's footer: below the first screen wherever <main> fills it, and last in the page, so
      // showing it when the stylesheet has come moves nothing (UNTIL_STYLED).
      if (node === body && child.tagName === 'footer') continue;
      if (inMain && child.attrs.some((attr) => attr.name === FIRST_SCREEN_END)) after = true;
      if (inMain && after) continue;
      elements.push(child);
      walk(child, inMain || child.tagName === 'main');
    }
  };
  if (body) walk(body, false);
  return elements;
}

/**
 * The class names and the element names of the page's markup visible at first (firstScreenElements),
 * with HEAD_SCRIPT_CLASSES: a rule for a class or an element the first screen does not have (a table,
 * code, a select) waits for the whole stylesheet.
 * @param {import('./page.mjs').HtmlPage} page
 * @returns {{ classes: Set<string>, tags: Set<string> }}
 */
export function firstScreen(page) {
  const classes = new Set(HEAD_SCRIPT_CLASSES);
  const tags = new Set();
  for (const element of firstScreenElements(page)) {
    tags.add(element.tagName.toLowerCase());
    for (const name of (attribute(element, 'class') ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return { classes, tags };
}

/**
 * The loader of the whole stylesheet: after the page's largest paint (after-largest-paint.mjs), so it
 * never holds up that paint nor shares its round trips; then it marks <html> styled, also when the
 * file fails, so what waits for it is shown rather than kept hidden.
 */
export const loaderScript = (href) =>
  `(function(){var d=document,l=d.createElement('link');` +
  `l.rel='stylesheet';l.href=${JSON.stringify(href)};` +
  `l.onload=l.onerror=function(){d.documentElement.setAttribute('${STYLED}','')};` +
  `${afterLargestPaint('d.head.appendChild(l)')}})()`;

/**
 * The most a page may weigh with its first screen's rules, compressed (brotli at quality 5, quick
 * enough for every page of a large blog; quality 11, as `npm start` sends, is about 10 % smaller),
 * less its policy <meta> (about 0.4 KB): with that and the response's headers, what the first round
 * trip of a new connection carries (FIRST_ROUND_TRIP_BYTES, ../first-round-trip.mjs), as measured by
 * `npm run audit`. A page that would weigh more keeps its link: measured, a page pushed past the
 * first round trip painted later than with the render-blocking stylesheet.
 */
export const FIRST_ROUND_TRIP_BUDGET = 14000;

/**
 * Whether a finished public page still links the stylesheet where it blocks the first paint: with
 * its first-screen rules it would have passed FIRST_ROUND_TRIP_BUDGET, so it kept its link. The
 * build names such pages (pipeline.mjs): a page that grew past the budget paints a round trip later.
 * @param {string} html @param {string} file the page's path in the build ('blog/index.html')
 */
export const keepsBlockingStylesheet = (html, file) =>
  isPublicPage(file) && /(?<!<noscript>)<link rel="stylesheet" href="\/_astro\//.test(html);

/** The page's size as the budget counts it. */
export const compressedSize = (html) =>
  brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

const isStylesheet = (element) =>
  element.tagName === 'link' &&
  attribute(element, 'rel')?.toLowerCase() === 'stylesheet' &&
  /^\/_astro\/[\w.-]+\.css$/.test(attribute(element, 'href') ?? '');

/**
 * The page with its first screen's rules in place of the render-blocking link (an inline <style>, a
 * loader for the rest, a <noscript> link), and its size as FIRST_ROUND_TRIP_BUDGET counts it: the
 * step below, and tools/first-screen-budget.mjs, which says how far a page that kept its link is from
 * the budget. Undefined when the page has no such link, or its stylesheet is not known.
 * @param {import('./page.mjs').HtmlPage} page
 * @param {(href: string) => Node[] | undefined} stylesheet the parsed stylesheet at an address
 */
export function withFirstScreenRules(page, stylesheet) {
  const head = page.byTag('head')[0];
  const links = page.byTag('link').filter((link) => isStylesheet(link));
  if (links.length !== 1 || !head) return undefined;
  const [link] = links;
  const headEnd = head.sourceCodeLocation?.endTag?.startOffset ?? -1;
  if (link.sourceCodeLocation.startOffset > headEnd) return undefined;
  const href = attribute(link, 'href') ?? '';
  const sheet = stylesheet(href);
  if (!sheet) return undefined;
  const { classes, tags } = firstScreen(page);
  const css = criticalCss(sheet, classes, tags) + UNTIL_STYLED;
  const { startOffset, endOffset } = link.sourceCodeLocation;
  const text =
    `<style>${css}</style><script>${loaderScript(href)}</script>` +
    `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
  const html = page.html.slice(0, startOffset) + text + page.html.slice(endOffset);
  // Without the policy <meta>: at this point it lists every hash Astro could write on any page, and
  // the CSP steps prune it to this page's (the budget allows for what remains).
  const size = compressedSize(html.replace(/<meta http-equiv="content-security-policy"[^>]*>/i, ''));
  return { link, text, css, size };
}

/**
 * The step: the render-blocking link to the site's stylesheet becomes the rules the first screen
 * needs (withFirstScreenRules; the <style> is hashed by the CSP steps). A page that would then pass
 * the first round trip (FIRST_ROUND_TRIP_BUDGET) keeps its link, as do the pages under admin/, cms/
 * and offline/ (not public, drawn by scripts; the offline page is only ever shown from the service
 * worker's copies).
 * context.stylesheet(href) gives the parsed stylesheet; a page whose stylesheet is not found is left
 * as it is.
 * @type {import('./page.mjs').Step}
 */
export const inlineCriticalCss = {
  name: 'critical css: inline the first screen, load the rest after the largest paint',
  run(page, context) {
    if (!isPublicPage(page.file) || !context?.stylesheet) return;
    const inlined = withFirstScreenRules(page, context.stylesheet);
    if (!inlined || inlined.size > FIRST_ROUND_TRIP_BUDGET) return;
    page.replaceElement(inlined.link, inlined.text);
    page.state.critical = inlined.css.length;
  },
};
