// What the post editor makes of HTML pasted from a word processor or a web page, before TipTap reads
// it. Word processors mark formatting with inline styles, which the editor cannot see: the admin's
// Content-Security-Policy keeps the browser from reading style attributes into element.style, so
// TipTap's own checks (Google Docs' `<b style="font-weight:normal">` wrapper is not bold) fail and
// the whole paste turned bold. Here the style attributes are read as text and turned into the
// elements the editor keeps; headings, Word's lists, tables and sub- and superscripts are mapped onto
// what the editor offers, so the words and their structure survive.

const BOLD = /(?:^|;)\s*font-weight\s*:\s*(bold|bolder|[6-9]00)\b/i;
const NOT_BOLD = /(?:^|;)\s*font-weight\s*:\s*(normal|lighter|[1-5]00)\b/i;
const ITALIC = /(?:^|;)\s*font-style\s*:\s*(italic|oblique)\b/i;
const UNDERLINE = /(?:^|;)\s*text-decoration(?:-line)?\s*:[^;]*\bunderline\b/i;
const STRIKE = /(?:^|;)\s*text-decoration(?:-line)?\s*:[^;]*\bline-through\b/i;
/** Word's list paragraphs: `mso-list:l0 level2 lfo1`; the marker itself is in `mso-list:Ignore`. */
const WORD_LIST = /mso-list\s*:\s*l\d+\s+level(\d+)/i;
const WORD_LIST_MARKER = /mso-list\s*:\s*ignore/i;

const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
};
const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
};

const styleOf = (element: Element) => element.getAttribute('style') ?? '';

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

/** Wrap an element's children in `tag` (inside it, so the element's own meaning stays). */
function wrapChildren(element: Element, tag: string): void {
  const wrapper = element.ownerDocument.createElement(tag);
  wrapper.append(...element.childNodes);
  element.append(wrapper);
}

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

/** Inline styles to <strong>, <em>, <u>, <s>; Google Docs' not-bold <b> wrapper goes. */
function styledTextToElements(body: HTMLElement): void {
  for (const element of body.querySelectorAll('b, strong')) {
    if (NOT_BOLD.test(styleOf(element))) unwrap(element);
  }
  for (const element of body.querySelectorAll('[style]')) {
    const style = styleOf(element);
    // A block's own weight (a heading's) is its look, not emphasis.
    const inline = !/^(h[1-6]|p|li|ul|ol|div|td|th|table|tr|blockquote)$/i.test(element.localName);
    if (inline && BOLD.test(style) && !element.closest('strong, b')) wrapChildren(element, 'strong');
    if (ITALIC.test(style) && !element.closest('em, i')) wrapChildren(element, 'em');
    if (UNDERLINE.test(style) && !element.closest('u, a')) wrapChildren(element, 'u');
    if (STRIKE.test(style) && !element.closest('s, del, strike')) wrapChildren(element, 's');
  }
}

/** The page's title is the only h1: a pasted h1 becomes h2; h5 and h6 become h4 (the smallest offered). */
function headingsToOfferedLevels(body: HTMLElement): void {
  for (const heading of body.querySelectorAll('h1')) rename(heading, 'h2');
  for (const heading of body.querySelectorAll('h5, h6')) rename(heading, 'h4');
}

/** Word writes a list as paragraphs with a typed marker ('·', '1.'): make them lists again. */
function wordListsToLists(body: HTMLElement): void {
  const doc = body.ownerDocument;
  for (const paragraph of [...body.querySelectorAll('p')]) {
    if (!paragraph.isConnected) continue;
    const match = WORD_LIST.exec(styleOf(paragraph));
    if (!match) continue;
    // This paragraph starts a run of list paragraphs: build the (nested) list from the whole run.
    const run: { paragraph: HTMLParagraphElement; level: number }[] = [];
    for (let node: Element | null = paragraph; node?.localName === 'p'; node = node.nextElementSibling) {
      const level = WORD_LIST.exec(styleOf(node));
      if (!level) break;
      run.push({ paragraph: node as HTMLParagraphElement, level: Number(level[1]) });
    }
    const root = doc.createElement('div');
    const stack: { list: HTMLElement; level: number }[] = [];
    for (const { paragraph: item, level } of run) {
      const marker = item.querySelector('[style*="mso-list" i]');
      const ordered =
        marker && WORD_LIST_MARKER.test(styleOf(marker)) && /^\s*\w{1,3}[.)]/.test(marker.textContent ?? '');
      marker?.remove();
      while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop();
      if (stack.length === 0 || stack[stack.length - 1]!.level < level) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        const parentItem = stack[stack.length - 1]?.list.lastElementChild;
        (parentItem ?? root).append(list);
        stack.push({ list, level });
      }
      const li = doc.createElement('li');
      li.append(...item.childNodes);
      stack[stack.length - 1]!.list.append(li);
    }
    run[0]!.paragraph.replaceWith(...root.childNodes);
    for (const { paragraph: item } of run.slice(1)) item.remove();
  }
  // Markers of list paragraphs that were not in a run (or anything else Word marked to be ignored).
  for (const marker of body.querySelectorAll('[style*="mso-list" i]')) {
    if (WORD_LIST_MARKER.test(styleOf(marker))) marker.remove();
  }
}

/** The editor has no tables: each row becomes a paragraph, its cells separated by ' | '. */
function tablesToParagraphs(body: HTMLElement): void {
  const doc = body.ownerDocument;
  for (const table of [...body.querySelectorAll('table')]) {
    if (!table.isConnected) continue;
    const rows = [...table.querySelectorAll('tr')].map((row) => {
      const paragraph = doc.createElement('p');
      const cells = [...row.querySelectorAll('th, td')].map((cell) =>
        (cell.textContent ?? '').trim().replace(/\s+/g, ' '),
      );
      paragraph.textContent = cells.join(' | ');
      return paragraph;
    });
    table.replaceWith(...rows);
  }
}

/** The editor has no sub- or superscript: digits and signs become Unicode ones (H₂O, x²); letters stay as they are (1st). */
function scriptsToCharacters(body: HTMLElement): void {
  for (const element of [...body.querySelectorAll('sub, sup')]) {
    const map = element.localName === 'sub' ? SUBSCRIPT : SUPERSCRIPT;
    const text = element.textContent ?? '';
    element.replaceWith(element.ownerDocument.createTextNode([...text].map((c) => map[c] ?? c).join('')));
  }
}

export function cleanPastedHtml(html: string): string {
  try {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    wordListsToLists(body);
    styledTextToElements(body);
    headingsToOfferedLevels(body);
    tablesToParagraphs(body);
    scriptsToCharacters(body);
    return body.innerHTML;
  } catch {
    // Named form fields and images can shadow the DOM's own methods (`<input name="closest">` in a
    // form): such a paste goes to the editor as it came, whose schema keeps only the text and the
    // elements it knows. An error here would lose the paste (ProseMirror does not catch it).
    return html;
  }
}
