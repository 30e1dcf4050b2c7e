// The one rule for SVG pictures that enter the site's repository (issue 27): through Decap CMS's
// uploads or the admin's "Publish to website", an SVG file ends up served from the site's own
// origin (dist/_astro/), where a browser that opens it directly runs what it holds. The build
// (src/lib/content/svg-files.ts) and the admin's publishing (src/lib/publish/pictures.ts) both ask
// svgProblem, so a file refused by one is refused by the other.
//
// A picture needs none of what is refused here: no script (<script>, on...= handlers, animations of
// an href or a handler), no web page inside the picture (<foreignObject>, HTML elements, frames), and
// no reference to anything outside the file (href, src, url(), @import, style sheets, entities), only
// to its own parts (#id) or to an embedded raster picture (data:image/png...). A file is refused, not
// cleaned: a cleaned drawing may look different, and the editor should see why and export it again.
// The file is read by a strict scanner, not a browser's parser: whatever it cannot read is refused.

/** Elements that run script or hold another document. Compared in lower case, without a prefix. */
const FORBIDDEN_ELEMENTS: Readonly<Record<string, string>> = {
  script: 'a <script> element, which runs code',
  handler: 'a <handler> element, which runs code',
  listener: 'a <listener> element, which runs code',
  foreignobject: 'a <foreignObject> element, which can hold a web page',
  iframe: 'an <iframe> element, which holds another page',
  embed: 'an <embed> element, which loads another file',
  object: 'an <object> element, which loads another file',
  audio: 'an <audio> element, which loads another file',
  video: 'a <video> element, which loads another file',
};

/** Embedded pictures that cannot hold script themselves (an embedded SVG could). */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp|avif)[;,]/i;

const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const NAME = '[A-Za-z_][\\w.:-]*';
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y');
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
const XML_DECLARATION = /^<\?xml(?:\s+[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\?>/;

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

const quote = (value: string) => `“${value.length > 60 ? `${value.slice(0, 57)}...` : value}”`;

/**
 * Text as an XML parser hands it on: character references and the five predefined entities decoded.
 * Any other entity reference is refused by the caller (it would need a declaration).
 */
function decodeReferences(text: string): string | undefined {
  let unknown = false;
  const decoded = text.replace(/&(#x[0-9a-f]+|#[0-9]+|[A-Za-z][\w.-]*);?/gi, (whole, ref: string) => {
    if (!whole.endsWith(';')) {
      unknown = true;
      return whole;
    }
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (ref[0] !== '#') {
      if (!(ref in named)) unknown = true;
      return named[ref] ?? whole;
    }
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) {
      unknown = true;
      return whole;
    }
    return String.fromCodePoint(code);
  });
  return unknown ? undefined : decoded;
}

/** Why some CSS (a style attribute, a presentation attribute or a <style> element) reaches outside. */
function cssProblem(css: string): string | undefined {
  if (css.includes('\\')) return `CSS with an escape (${quote(css)}), which can hide what it loads`;
  if (/@import/i.test(css)) return 'a CSS @import, which loads another file';
  for (const [, target = ''] of css.matchAll(/url\s*\(\s*['"]?\s*([^'")\s]*)/gi)) {
    if (!target.startsWith('#')) return `a CSS url(${target}) that loads another file`;
  }
  if (/\b(?:image-set|image|cross-fade|element|src)\s*\(/i.test(css)) {
    return `CSS that loads another file (${quote(css)})`;
  }
  return undefined;
}

/**
 * Why one attribute of an element makes the picture unsafe, or undefined. An attribute with a
 * prefix (inkscape:label, sodipodi:docname) is not CSS, so only the href and handler rules apply to
 * it: editors write Windows paths with backslashes there.
 */
function attributeProblem(element: string, name: string, raw: string): string | undefined {
  const local = localName(name);
  const value = decodeReferences(raw);
  if (value === undefined) return `the attribute ${name} uses an entity (&...;), which can hide its value`;
  if (local.startsWith('on')) return `an event handler (${name}= on <${element}>), which runs code`;
  if ((name === 'xmlns' || name.startsWith('xmlns:')) && value.trim() === XHTML_NAMESPACE) {
    return 'HTML elements (the XHTML namespace), which can hold a web page';
  }
  if (local === 'href' || local === 'src') {
    const target = value.trim();
    if (!target.startsWith('#') && !EMBEDDED_RASTER.test(target)) {
      return `a reference to another file (${name}=${quote(target)} on <${element}>)`;
    }
  }
  if (local === 'attributename') {
    const animated = localName(value.trim());
    if (animated === 'href' || animated === 'src' || animated.startsWith('on')) {
      return `an animation that changes ${value.trim()}, which can make it run code or load another file`;
    }
  }
  return name.includes(':') ? undefined : cssProblem(value);
}

/** Why the XML declaration or the encoding of the text cannot be read safely, or undefined. */
function declarationProblem(declaration: string): string | undefined {
  const encoding = /\sencoding\s*=\s*["']([^"']*)["']/i.exec(declaration)?.[1];
  if (encoding && !/^(?:utf-8|us-ascii)$/i.test(encoding)) {
    return `it declares the encoding ${encoding}: save it as UTF-8`;
  }
  return undefined;
}

/**
 * Why an SVG file's text cannot be served by the site, as the end of a sentence ('it has a <script>
 * element, which runs code'), or undefined when it is only a picture.
 */
export function svgProblem(source: string): string | undefined {
  const text = source.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return 'it is not UTF-8 text';
  let position = 0;
  let style: string | undefined; // the text of an open <style> element
  const declaration = XML_DECLARATION.exec(text);
  if (declaration) {
    const problem = declarationProblem(declaration[0]);
    if (problem) return problem;
    position = declaration[0].length;
  }
  let sawElement = false;
  while (position < text.length) {
    const next = text.indexOf('<', position);
    const chunk = text.slice(position, next < 0 ? text.length : next);
    const decodedChunk = decodeReferences(chunk);
    if (decodedChunk === undefined) return 'it uses an entity (&...;) that it would have to declare';
    if (style !== undefined) style += decodedChunk;
    if (next < 0) break;
    const rest = (prefix: string, at: number) => text.startsWith(prefix, at);
    if (rest('<!--', next)) {
      const end = text.indexOf('-->', next + 4);
      if (end < 0) return 'it is not a well-formed SVG file (a comment is not closed)';
      position = end + 3;
    } else if (rest('<![CDATA[', next)) {
      const end = text.indexOf(']]>', next + 9);
      if (end < 0) return 'it is not a well-formed SVG file (a CDATA section is not closed)';
      if (style !== undefined) style += text.slice(next + 9, end);
      else if (/[<&]/.test(text.slice(next + 9, end))) return 'it hides markup in a CDATA section';
      position = end + 3;
    } else if (rest('<?', next)) {
      return 'it has a processing instruction (<?...?>), such as a style sheet link, which loads another file';
    } else if (rest('<!', next)) {
      const end = text.indexOf('>', next);
      const doctype = text.slice(next, end < 0 ? text.length : end + 1);
      if (!/^<!DOCTYPE\s[^[<>]*>$/i.test(doctype) || sawElement) {
        return 'it declares entities or other markup in its DOCTYPE, which can hide script';
      }
      position = end + 1;
    } else if (rest('</', next)) {
      END_TAG.lastIndex = next;
      const end = END_TAG.exec(text);
      if (!end) return 'it is not a well-formed SVG file (an end tag cannot be read)';
      if (style !== undefined && localName(end[1]!) === 'style') {
        const problem = cssProblem(style);
        if (problem) return `it has ${problem}`;
        style = undefined;
      }
      position = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = next;
      const tag = START_TAG.exec(text);
      if (!tag) return 'it is not a well-formed SVG file (a tag cannot be read)';
      sawElement = true;
      const [, name = '', attributes = '', selfClosing] = tag;
      const forbidden = FORBIDDEN_ELEMENTS[localName(name)];
      if (forbidden) return `it has ${forbidden}`;
      for (const [, attribute = '', double, single] of attributes.matchAll(ATTRIBUTE)) {
        const problem = attributeProblem(name, attribute, double ?? single ?? '');
        if (problem) return `it has ${problem}`;
      }
      if (localName(name) === 'style' && !selfClosing) style = '';
      position = START_TAG.lastIndex;
    }
  }
  if (!sawElement) return 'it is not an SVG file (it has no elements)';
  return undefined;
}

/** svgProblem for the file's bytes: text that is not UTF-8 is refused (a browser might read it otherwise). */
export function svgBytesProblem(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'it is not UTF-8 text';
  }
  return svgProblem(text);
}

/** Whether a file name or address names an SVG file. */
export const isSvgName = (name: string): boolean => /\.svgz?$/i.test(name.split(/[?#]/)[0] ?? name);
