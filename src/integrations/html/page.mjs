// One built page as the post-build steps see it (src/integrations/html/pipeline.mjs): its text, parsed
// with parse5 (the HTML standard's parser, as browsers run it) for finding things, and edited by
// splicing that text at the offsets the parser reports, so every byte no step touches stays as Astro
// wrote it. Re-serialising the tree would rewrite quoting and entities all over the page and change
// its size and the hashes of its inline scripts.
import { parse } from 'parse5';

/** @typedef {import('parse5').DefaultTreeAdapterTypes.Element} Element */
/** @typedef {{ start: number, end: number, text: string }} Edit */
/**
 * What a step knows about the build: the /cms/ relaxations and extra connect-src, by page, and the
 * built stylesheets by address (parsed: critical-css.mjs).
 * @typedef {{ relax: (file: string) => any, extraConnect: (file: string) => string[], stylesheet?: (href: string) => any }} PageContext
 */
/** @typedef {{ name: string, run: (page: HtmlPage, context?: PageContext) => void }} Step */

export class HtmlPage {
  /**
   * @param {string} html the page as written
   * @param {string} file its path under the build folder, with '/' (for messages and per-path rules)
   */
  constructor(html, file) {
    this.html = html;
    this.file = file;
    /** @type {string[]} what fails the build */
    this.problems = [];
    /** @type {string[]} what the build reports and lets pass */
    this.warnings = [];
    /** @type {Record<string, unknown>} what one step leaves for a later one (the CSP, say) */
    this.state = {};
    this.parsed = undefined;
    /** @type {Element[] | undefined} every element of `parsed`, listed once per parse */
    this.listed = undefined;
  }

  /** The parse tree of the current text (parsed again after an edit). */
  get document() {
    // scriptingEnabled off: <noscript>'s content is parsed as elements, so its attributes are checked too.
    this.parsed ??= parse(this.html, { sourceCodeLocationInfo: true, scriptingEnabled: false });
    return this.parsed;
  }

  /**
   * Every element of the page in document order, <template> contents included. Listed once per parse
   * and shared by the steps (each used to walk the whole tree again: a third of the pipeline's time).
   * @returns {Element[]}
   */
  elements() {
    if (this.listed) return this.listed;
    const listed = [];
    const walk = (node) => {
      for (const child of node.childNodes ?? []) {
        if (!('tagName' in child)) continue;
        listed.push(child);
        walk(child.tagName === 'template' ? child.content : child);
      }
    };
    walk(this.document);
    this.listed = listed;
    return listed;
  }

  /** The elements with this tag name, in document order. */
  byTag(tagName) {
    return this.elements().filter((element) => element.tagName === tagName);
  }

  /** The source text between an element's start and end tags (a script's code, exactly as written). */
  innerSource(element) {
    const location = element.sourceCodeLocation;
    if (!location?.startTag || !location.endTag) return '';
    return this.html.slice(location.startTag.endOffset, location.endTag.startOffset);
  }

  /**
   * Applies edits made against the current text: each replaces [start, end) with `text` (an insertion
   * has start === end). They may not overlap; an insertion at the start of a removal goes before it.
   * @param {Edit[]} edits
   */
  edit(edits) {
    if (edits.length === 0) return;
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    let out = '';
    let cursor = 0;
    for (const { start, end, text } of sorted) {
      if (start < cursor) throw new Error(`${this.file}: overlapping edits at ${start}`);
      out += this.html.slice(cursor, start) + text;
      cursor = end;
    }
    this.html = out + this.html.slice(cursor);
    this.parsed = undefined;
    this.listed = undefined;
  }
}

/** The value of an attribute (entities decoded), or undefined when the element has none. */
export function attribute(element, name) {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** Whether a <script> runs as code (classic or module), not a data block such as JSON-LD. */
export function runsAsScript(element) {
  const type = attribute(element, 'type')?.trim().toLowerCase();
  return !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

/**
 * The bundled module scripts a page loads (their src under /_astro/), in document order.
 * @param {HtmlPage} page
 * @returns {Element[]}
 */
export function bundledScripts(page) {
  return page
    .byTag('script')
    .filter(
      (script) =>
        attribute(script, 'type') === 'module' &&
        /^\/_astro\/[\w.-]+\.js$/.test(attribute(script, 'src') ?? ''),
    );
}
