// The steps that complete each page's Content-Security-Policy <meta> (src/integrations/security.mjs
// says why the policy is split between this tag and the HTTP header). Astro writes the tag with the
// SHA-256 of every script and style it emits; these steps, in this order:
// 1. read the policy Astro wrote;
// 2. hash the layout's own inline scripts (Astro does not hash `is:inline` scripts); one inside
//    <main> is never allowed automatically: content cannot bless itself;
//    and the inline styles of <head> (the first screen's rules, written by the critical-css step);
// 3. prune the hashes that match no inline script or style of this page;
// 4. refuse inline event handlers, warn about style attributes;
// 5. give /cms/ the relaxations Decap CMS needs, or check every inline <style> has its hash;
// 6. add the admin's publishing sources to connect-src;
// 7. refuse 'unsafe-inline' (and 'unsafe-eval' outside /cms/) in script-src;
// 8. write the tag back, right after <meta charset>, so it governs everything after it.
// Each step reads the page and page.state.csp (a Map of directive to values); a page without a
// policy is reported by the first step and left alone by the others.
import { createHash } from 'node:crypto';
import { attribute, runsAsScript } from './page.mjs';

export const SELF = "'self'";

export const hashOf = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function parsePolicy(content) {
  const policy = new Map();
  for (const part of content.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean);
    if (name) policy.set(name, values);
  }
  return policy;
}

export const renderPolicy = (policy) =>
  [...policy].map(([name, values]) => [name, ...values].join(' ')).join('; ');

const isPolicyMeta = (element) =>
  element.tagName === 'meta' && attribute(element, 'http-equiv')?.toLowerCase() === 'content-security-policy';

/** The page's inline scripts that run (no src; not a data block such as JSON-LD). */
const inlineScripts = (page) =>
  page.byTag('script').filter((script) => attribute(script, 'src') === undefined && runsAsScript(script));

const union = (values, added) => [...new Set([...values, ...added])];

/** 1. The policy Astro wrote (security.csp), as page.state.csp. */
/** @type {import('./page.mjs').Step} */
export const readPolicy = {
  name: 'csp: read the policy',
  run(page) {
    const meta = [...page.elements()].find(isPolicyMeta);
    if (!meta) page.problems.push(`${page.file}: no Content-Security-Policy <meta> (is security.csp on?)`);
    else page.state.csp = parsePolicy(attribute(meta, 'content') ?? '');
  },
};

/** 2. The hash of each inline script of the layout (in <head>, or before <main> where there is one). */
/** @type {import('./page.mjs').Step} */
export const hashLayoutScripts = {
  name: 'csp: hash the layout scripts',
  run(page) {
    const policy = page.state.csp;
    if (!policy) return;
    const scriptSrc = policy.get('script-src') ?? [SELF];
    const main = page.byTag('main')[0];
    const head = page.byTag('head')[0];
    const layoutEnd = main
      ? main.sourceCodeLocation.startOffset
      : (head?.sourceCodeLocation?.endTag?.startOffset ?? -1);
    for (const script of inlineScripts(page)) {
      const hash = hashOf(page.innerSource(script));
      if (scriptSrc.includes(hash)) continue;
      if (script.sourceCodeLocation.startOffset < layoutEnd) scriptSrc.push(hash);
      else
        page.problems.push(
          `${page.file}: an inline script inside <main> has no hash, so the browser blocks it`,
        );
    }
    policy.set('script-src', scriptSrc);
  },
};

/**
 * 2b. The hash of each inline <style> in <head>: the first screen's rules (critical-css.mjs), which
 * the pipeline writes after Astro has hashed its own. One in <body> is left to the check of step 5.
 */
/** @type {import('./page.mjs').Step} */
export const hashHeadStyles = {
  name: 'csp: hash the head styles',
  run(page) {
    const policy = page.state.csp;
    const head = page.byTag('head')[0];
    if (!policy || !head) return;
    const headEnd = head.sourceCodeLocation?.endTag?.startOffset ?? -1;
    const hashes = page
      .byTag('style')
      .filter((style) => style.sourceCodeLocation.startOffset < headEnd)
      .map((style) => hashOf(page.innerSource(style)));
    if (hashes.length > 0) policy.set('style-src', union(policy.get('style-src') ?? [SELF], hashes));
  },
};

/**
 * 3. Astro lists the hash of every script and style it could emit on any page: a hash matching no
 * inline script or style of this page is dropped. Each is 53 bytes no compression shrinks, and the
 * home page must fit the first round trip (docs/performance.md).
 */
/** @type {import('./page.mjs').Step} */
export const pruneUnusedHashes = {
  name: 'csp: prune unused hashes',
  run(page) {
    const policy = page.state.csp;
    if (!policy) return;
    const inPage = new Set(
      [...inlineScripts(page), ...page.byTag('style')].map((element) => hashOf(page.innerSource(element))),
    );
    const used = (values) => values.filter((value) => !value.startsWith("'sha256-") || inPage.has(value));
    policy.set('script-src', used(policy.get('script-src') ?? [SELF]));
    if (policy.has('style-src')) policy.set('style-src', used(policy.get('style-src')));
  },
};

/** 4. Inline event handlers would be blocked (a problem); style attributes are ignored (a warning). */
/** @type {import('./page.mjs').Step} */
export const checkInlineAttributes = {
  name: 'csp: check inline attributes',
  run(page, context) {
    if (!page.state.csp) return;
    const names = [...page.elements()].flatMap((element) => element.attrs.map((attr) => attr.name));
    if (names.some((name) => /^on[a-z]+$/i.test(name))) {
      page.problems.push(`${page.file}: an inline event handler attribute (onclick=...) would be blocked`);
    }
    if (!context.relax(page.file) && names.includes('style')) {
      page.warnings.push(`${page.file}: a style="..." attribute is ignored under this policy; use a class`);
    }
  },
};

/**
 * 5. /cms/ gets the sources Decap needs (cmsRelaxations in security.mjs); 'unsafe-inline' replaces
 * the style hashes (browsers ignore it next to a hash). Elsewhere every inline <style> needs its hash.
 */
/** @type {import('./page.mjs').Step} */
export const relaxOrCheckStyles = {
  name: 'csp: relax /cms/, check inline styles elsewhere',
  run(page, context) {
    const policy = page.state.csp;
    if (!policy) return;
    const relax = context.relax(page.file);
    if (relax) {
      const add = (name, values) => policy.set(name, union(policy.get(name) ?? [SELF], values));
      add('script-src', relax.script);
      add('connect-src', relax.connect);
      add('img-src', relax.img);
      policy.set('style-src', [SELF, ...relax.style]);
      return;
    }
    const styleSrc = policy.get('style-src') ?? [SELF];
    for (const style of page.byTag('style')) {
      if (!styleSrc.includes(hashOf(page.innerSource(style)))) {
        page.problems.push(`${page.file}: an inline <style> has no hash`);
      }
    }
  },
};

/** 6. What this page may connect to besides the site's own list (the admin's publishing target). */
/** @type {import('./page.mjs').Step} */
export const addConnectSources = {
  name: 'csp: add connect sources',
  run(page, context) {
    const policy = page.state.csp;
    const extra = context.extraConnect(page.file);
    if (!policy || extra.length === 0) return;
    policy.set('connect-src', union(policy.get('connect-src') ?? [SELF], extra));
  },
};

/** 7. No page runs inline scripts it did not ship, and only /cms/ allows eval. */
/** @type {import('./page.mjs').Step} */
export const refuseUnsafeScripts = {
  name: 'csp: refuse unsafe script sources',
  run(page, context) {
    const policy = page.state.csp;
    if (!policy) return;
    const relaxed = Boolean(context.relax(page.file));
    for (const value of policy.get('script-src') ?? []) {
      if (value === "'unsafe-inline'" || (value === "'unsafe-eval'" && !relaxed)) {
        page.problems.push(`${page.file}: script-src must not allow ${value}`);
      }
    }
  },
};

/** 8. The completed tag, moved right after <meta charset> (which must stay first) or <head>. */
/** @type {import('./page.mjs').Step} */
export const writePolicy = {
  name: 'csp: write the policy first in <head>',
  run(page) {
    const policy = page.state.csp;
    if (!policy) return;
    const elements = [...page.elements()];
    const old = elements.find(isPolicyMeta).sourceCodeLocation;
    const charset = elements.find((element) => element.tagName === 'meta' && attribute(element, 'charset'));
    const head = elements.find((element) => element.tagName === 'head');
    const at = charset
      ? charset.sourceCodeLocation.endOffset
      : (head?.sourceCodeLocation?.startTag?.endOffset ?? 0);
    const tag = `<meta http-equiv="content-security-policy" content="${renderPolicy(policy)}">`;
    page.edit([
      { start: at, end: at, text: tag },
      { start: old.startOffset, end: old.endOffset, text: '' },
    ]);
  },
};

/** The steps in their order (see the top of this file). */
export const CSP_STEPS = [
  readPolicy,
  hashLayoutScripts,
  hashHeadStyles,
  pruneUnusedHashes,
  checkInlineAttributes,
  relaxOrCheckStyles,
  addConnectSources,
  refuseUnsafeScripts,
  writePolicy,
];
