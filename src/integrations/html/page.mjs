// One built page as the post-build steps see it (src/integrations/html/pipeline.mjs): its text, parsed
// with parse5 (the HTML standard's parser, as browsers run it) for finding things, and edited by
// splicing that text at the offsets the parser reports, so every byte no step touches stays as Astro
// wrote it. Re-serialising the tree would rewrite quoting and entities all over the page and change
// its size and the hashes of its inline scripts. Parsing is most of a step's cost, so the edits the
// steps make before the last one (an attribute added, an element replaced) update the tree in place
// instead of parsing the page again (decision 0035); a plain edit() drops the tree.
import { parse, parseFragment } from 'parse5';

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
    this.parsed ??= parse(this.html, PARSE_OPTIONS);
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
    const listed = this.elements();
    // Grouped once per listing: the steps ask for a handful of tags, each of a large page.
    if (this.#byTagOf !== listed) {
      this.#byTag = new Map();
      for (const element of listed) {
        const group = this.#byTag.get(element.tagName);
        if (group) group.push(element);
        else this.#byTag.set(element.tagName, [element]);
      }
      this.#byTagOf = listed;
    }
    return [...(this.#byTag.get(tagName) ?? [])];
  }

  /** @type {Map<string, Element[]>} */
  #byTag = new Map();
  /** @type {Element[] | undefined} the listing #byTag was grouped from */
  #byTagOf = undefined;

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

  /**
   * Adds attributes to start tags, each written `name="value" ` just before the element's attribute
   * `before`, keeping the parse tree: the attribute joins the element's and every later offset moves
   * by what was inserted.
   * @param {{ element: Element, name: string, value: string, before: string }[]} additions
   */
  addAttributes(additions) {
    if (additions.length === 0) return;
    const edits = additions.map(({ element, name, value, before }) => {
      if (/["&<>]/.test(value) || !/^[a-z][a-z0-9-]*$/.test(name))
        throw new Error(`${this.file}: attribute ${name} needs escaping`);
      const at = element.sourceCodeLocation.attrs[before].startOffset;
      return { start: at, end: at, text: `${name}="${value}" ` };
    });
    const starts = this.#splice(edits);
    // The tree after the text moved: the new attributes take their place among the element's own.
    additions.forEach(({ element, name, value, before }, index) => {
      const startOffset = starts[index];
      const endOffset = startOffset + edits[index].text.length - 1;
      element.attrs.splice(
        element.attrs.findIndex((attr) => attr.name === before),
        0,
        { name, value },
      );
      element.sourceCodeLocation.attrs[name] = { startOffset, endOffset };
    });
  }

  /**
   * Replaces an element (tags and content) with `html`, keeping the parse tree: `html` is parsed as
   * the element's parent would contain it and its nodes take the element's place. When its first or
   * last node is text (which a parse of the whole page could join to the text beside it), the tree is
   * dropped and parsed again when next asked for.
   * @param {Element} element
   * @param {string} html
   */
  replaceElement(element, html) {
    const edit = { ...spanOf(element), text: html };
    const parent = element.parentNode;
    const nodes = this.parsed && fragmentNodes(parent, html);
    if (!nodes) return this.edit([edit]);
    const [start] = this.#splice([edit]);
    adopt(nodes, parent, start);
    parent.childNodes.splice(parent.childNodes.indexOf(element), 1, ...nodes);
    this.listed = undefined;
  }

  /**
   * Removes elements (tags and content), keeping the parse tree: two text nodes the removal leaves
   * side by side become one, as a parse of the new text would make them.
   * @param {Element[]} elements
   */
  removeElements(elements) {
    if (elements.length === 0) return;
    const edits = elements.map((element) => ({ ...spanOf(element), text: '' }));
    if (!this.parsed) return this.edit(edits);
    this.#splice(edits);
    for (const element of elements) {
      const siblings = element.parentNode.childNodes;
      const index = siblings.indexOf(element);
      siblings.splice(index, 1);
      const [before, after] = [siblings[index - 1], siblings[index]];
      if (before?.nodeName === '#text' && after?.nodeName === '#text') {
        before.value += after.value;
        if (before.sourceCodeLocation && after.sourceCodeLocation)
          before.sourceCodeLocation.endOffset = after.sourceCodeLocation.endOffset;
        siblings.splice(index, 1);
      }
    }
    this.listed = undefined;
  }

  /**
   * Adds `html` at the end of an element's content (just before its end tag), keeping the parse
   * tree as replaceElement does; HTML that begins or ends with text drops it instead.
   * @param {Element} parent
   * @param {string} html
   */
  appendInside(parent, html) {
    const at = parent.sourceCodeLocation.endTag.startOffset;
    const edit = { start: at, end: at, text: html };
    const nodes = this.parsed && fragmentNodes(parent, html);
    if (!nodes) return this.edit([edit]);
    const [start] = this.#splice([edit]);
    adopt(nodes, parent, start);
    parent.childNodes.push(...nodes);
    this.listed = undefined;
  }

  /**
   * Applies edits to the text and moves the tree's offsets with them (the tree's shape is the
   * caller's to change). Returns where each edit's text now starts, in the order given.
   * @param {Edit[]} edits
   * @returns {number[]}
   */
  #splice(edits) {
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    const parsed = this.parsed;
    const listed = this.listed;
    this.edit(sorted);
    this.parsed = parsed;
    this.listed = listed;
    const shifts = [];
    const starts = new Map();
    let total = 0;
    for (const edit of sorted) {
      starts.set(edit, edit.start + total);
      total += edit.text.length - (edit.end - edit.start);
      shifts.push({ start: edit.start, end: edit.end, total });
    }
    if (parsed) walkLocations(parsed, movedBy(shifts));
    return edits.map((edit) => starts.get(edit));
  }
}

/**
 * Where an offset of the text before some edits is in the text after them. It moves by every edit
 * that ends before it; an offset at an edit's end moves when it starts a node, or ends one whose
 * text was replaced (an element's end around what replaced it), not when an insertion came there.
 * @param {{ start: number, end: number, total: number }[]} shifts sorted, each with the sum of the
 *   length changes up to and including it
 */
function movedBy(shifts) {
  return (offset, isEnd) => {
    let by = 0;
    for (const { start, end, total } of shifts) {
      if (end < offset || (end === offset && (!isEnd || start < end))) by = total;
      else break;
    }
    return offset + by;
  };
}

/** An element's whole span in the text, as an edit over it (removed or replaced) needs it. */
const spanOf = ({ sourceCodeLocation: { startOffset, endOffset } }) => ({
  start: startOffset,
  end: endOffset,
});

const PARSE_OPTIONS = { sourceCodeLocationInfo: true, scriptingEnabled: false };

/**
 * `html` parsed as `parent` would contain it, for an edit that keeps the tree; undefined when it is
 * empty or begins or ends with text, which a parse of the whole page could join to the text beside it.
 * @param {Element} parent @param {string} html
 */
function fragmentNodes(parent, html) {
  const nodes = parseFragment(parent, html, PARSE_OPTIONS).childNodes;
  const isText = (node) => node.nodeName === '#text';
  return nodes.length === 0 || isText(nodes[0]) || isText(nodes.at(-1)) ? undefined : nodes;
}

/** Makes a fragment's nodes `parent`'s, their offsets moved to where their text now starts. */
function adopt(nodes, parent, start) {
  for (const node of nodes) {
    node.parentNode = parent;
    walkLocations(node, (offset) => offset + start);
  }
}

/**
 * Calls `move` on every source offset under `node` (its own included) and stores what it returns.
 * Line and column numbers are left as they were: no step reads them.
 * @param {any} node
 * @param {(offset: number, isEnd: boolean) => number} move
 */
function walkLocations(node, move) {
  const moveSpan = (span) => {
    if (!span) return;
    span.startOffset = move(span.startOffset, false);
    span.endOffset = move(span.endOffset, true);
  };
  const visit = (current) => {
    const location = current.sourceCodeLocation;
    if (location) {
      moveSpan(location);
      moveSpan(location.startTag);
      moveSpan(location.endTag);
      if (location.attrs) for (const name in location.attrs) moveSpan(location.attrs[name]);
    }
    for (const child of current.childNodes ?? []) visit(child);
    if (current.content) visit(current.content);
  };
  visit(node);
}

/** The value of an attribute (entities decoded), or undefined when the element has none. */
/**
 * Whether a built page (its path in the build, 'blog/index.html') is one visitors open: not the admin
 * or the CMS (drawn by scripts, not public) nor the offline page (only ever shown from the service
 * worker's copies). Those keep their stylesheet link and script tags as Astro wrote them.
 * @param {string} file
 */
export const isPublicPage = (file) => !/^(admin|cms|offline)\//.test(file);

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
