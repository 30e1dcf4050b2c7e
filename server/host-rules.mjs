// Reads the static-host rule files that Netlify and Cloudflare Pages understand
// (public/_redirects and public/_headers), so `npm start` behaves like those hosts.

/**
 * The rule files at the top of a build, by what they hold. The hosts read them; Cloudflare Pages says it
 * never serves them as files, and neither does `npm start` (server/static-files.mjs).
 */
export const RULE_FILES = { redirects: '_redirects', headers: '_headers' };

/**
 * Turns '/admin/posts/:id/edit' or '/blog/*' into a RegExp with named groups. `*` takes any
 * characters, line breaks included (`s`): a path with an encoded %0A was matched by no block of
 * `/*`, and got a page without its security headers.
 */
function patternToRegExp(pattern) {
  let source = '';
  for (const part of pattern.split(/(:[A-Za-z_]\w*|\*)/)) {
    if (part === '*') source += '(?<splat>.*)';
    else if (part.startsWith(':')) source += `(?<${part.slice(1)}>[^/]+)`;
    else source += part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}/?$`, 's');
}

/**
 * `_redirects`: one rule per line, `from to [status]`; `#` starts a comment.
 * Status 200 is a rewrite (serve `to` at the original URL); 301/302/303/307/308 redirect.
 */
export function parseRedirects(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    const trimmed = line.replace(/#.*$/, '').trim();
    if (!trimmed) continue;
    const [from, to, status = '301'] = trimmed.split(/\s+/);
    if (!from || !to) continue;
    rules.push({ from, to, status: Number.parseInt(status, 10), match: patternToRegExp(from) });
  }
  return rules;
}

/**
 * A value from the request as it goes into a target URL (and so into a Location header):
 * percent-encoded, so CR/LF can never split a header nor a character outside Latin-1 stop the
 * server, and never a second slash after one, so `/:splat` can never make `//other-host`.
 * The splat keeps its single slashes (`/old/a/b` to `/new/a/b`).
 */
function encodeValue(value, { splat, afterSlash }) {
  if (!splat) return encodeURIComponent(value);
  const encoded = value
    .split('/')
    .map(encodeURIComponent)
    .join('/')
    .replace(/\/(?=\/)/g, '%2F');
  return afterSlash && encoded.startsWith('/') ? `%2F${encoded.slice(1)}` : encoded;
}

/** The first rule matching the decoded `pathname`, with placeholders filled (encoded) into its target. */
export function matchRedirect(rules, pathname) {
  for (const rule of rules) {
    const found = rule.match.exec(pathname);
    if (!found) continue;
    const groups = found.groups ?? {};
    const target = rule.to.replace(/:splat|:([A-Za-z_]\w*)/g, (whole, name, offset) => {
      const value = name ? groups[name] : (groups.splat ?? '');
      if (value === undefined) return whole;
      return encodeValue(value, { splat: !name, afterSlash: rule.to[offset - 1] === '/' });
    });
    return { status: rule.status, target };
  }
  return undefined;
}

/**
 * A `_headers` path pattern. One that ends in `/*` also covers the folder's own address without
 * the slash, as Netlify reads it (Cloudflare Pages never serves that address: it redirects `/cms`
 * to `/cms/`): read as a redirect's, `/cms` got the CMS's page without its noindex.
 */
function headerPatternToRegExp(pattern) {
  const regExp = patternToRegExp(pattern);
  if (!pattern.endsWith('/*') || pattern === '/*') return regExp;
  return new RegExp(`${patternToRegExp(pattern.slice(0, -2)).source}|${regExp.source}`, 's');
}

/** `_headers`: a path pattern line, then indented `Name: value` lines that apply to it. */
export function parseHeaders(text) {
  const blocks = [];
  let current;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), match: headerPatternToRegExp(line.trim()), headers: [] };
      blocks.push(current);
      continue;
    }
    const separator = line.indexOf(':');
    if (!current || separator < 0) continue;
    current.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return blocks;
}

/** Headers for a path; later blocks add to earlier ones, as on Netlify. */
export function headersFor(blocks, pathname) {
  const result = new Map();
  for (const block of blocks) {
    if (!block.match.test(pathname)) continue;
    for (const [name, value] of block.headers) result.set(name, value);
  }
  return result;
}
