// How far each public page type is from carrying its first screen's rules inline (decision 0034):
// a page whose HTML with those rules passes FIRST_ROUND_TRIP_BUDGET keeps the stylesheet that blocks
// its first paint, which costs its largest paint a round trip (docs/performance.md). For each page:
// its size as the budget counts it, with the rules, and whether the build gave them; for a page past
// the budget, what each part of it costs (the size saved by building the page without that part:
// the header, each section of <main>, the footer), so that what a page holds can be decided with
// figures. Reads a build; the table is also written to reports/first-screen-budget.md.
// Usage: npm run build && node tools/first-screen-budget.mjs [/path ...]   (BUILD_DIR, default dist)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compressedSize,
  FIRST_ROUND_TRIP_BUDGET,
  FIRST_SCREEN_END,
  keepsBlockingStylesheet,
  parseStylesheet,
  withFirstScreenRules,
} from '../src/integrations/html/critical-css.mjs';
import { attribute, HtmlPage } from '../src/integrations/html/page.mjs';
import { AUDIT_PAGES } from './audit-pages.mjs';
import { exitWithoutBuild } from './measure-server.mjs';
import { writeReport } from './report.mjs';

const build = path.resolve(process.env.BUILD_DIR ?? 'dist');
exitWithoutBuild(build);
const pages = process.argv.slice(2).length ? process.argv.slice(2) : AUDIT_PAGES;

const fileOf = (route) => {
  const base = path.join(build, route);
  return existsSync(path.join(base, 'index.html')) ? path.join(base, 'index.html') : `${base}.html`;
};
const stylesheets = new Map();
const stylesheet = (href) => {
  const file = path.join(build, href);
  if (!existsSync(file)) return undefined;
  if (!stylesheets.has(file)) stylesheets.set(file, parseStylesheet(readFileSync(file, 'utf8')));
  return stylesheets.get(file);
};
const withoutPolicy = (html) => html.replace(/<meta http-equiv="content-security-policy"[^>]*>/i, '');

/** The page's size as the budget counts it, and whether it carries its rules already. */
function measure(html, file) {
  const inlined =
    keepsBlockingStylesheet(html, file) && withFirstScreenRules(new HtmlPage(html, file), stylesheet);
  return inlined
    ? { size: inlined.size, inline: false }
    : { size: compressedSize(withoutPolicy(html)), inline: true };
}

/** The header, each section of <main> and the footer, named by their heading where they have one. */
function partsOf(html, file) {
  const page = new HtmlPage(html, file);
  const textOf = (node) =>
    node.nodeName === '#text' ? node.value : (node.childNodes ?? []).map(textOf).join('');
  const byId = new Map(page.elements().map((element) => [attribute(element, 'id'), element]));
  const nameOf = (element) => {
    const labelledBy = attribute(element, 'aria-labelledby');
    const heading = labelledBy && byId.get(labelledBy);
    const name = heading ? textOf(heading) : (attribute(element, 'id') ?? element.tagName);
    return `${element.tagName} "${name.replace(/\s+/g, ' ').trim()}"`;
  };
  const [body] = page.byTag('body');
  const [main] = page.byTag('main');
  const children = (element) => (element?.childNodes ?? []).filter((node) => 'tagName' in node);
  return [
    ...children(body).filter((element) => element.tagName === 'header'),
    ...children(main).filter((element) => element.tagName === 'section'),
    ...children(body).filter((element) => element.tagName === 'footer'),
  ].map((element) => ({
    name: nameOf(element),
    ...element.sourceCodeLocation,
    endsFirstScreen: attribute(element, FIRST_SCREEN_END) !== undefined,
  }));
}

/** The page without one part; the mark that ends the first screen, if the part had it, moves to the next. */
function withoutPart(html, parts, index) {
  const part = parts[index];
  const next = parts[index + 1];
  if (!part.endsFirstScreen || !next?.name.startsWith('section')) {
    return html.slice(0, part.startOffset) + html.slice(part.endOffset);
  }
  const nextTagEnd = next.startOffset + '<section'.length;
  return (
    html.slice(0, part.startOffset) +
    html.slice(part.endOffset, nextTagEnd) +
    ` ${FIRST_SCREEN_END}` +
    html.slice(nextTagEnd)
  );
}

const lines = [
  `Each page's HTML with its first screen's rules, brotli quality 5 without the policy <meta>, against ` +
    `FIRST_ROUND_TRIP_BUDGET (${FIRST_ROUND_TRIP_BUDGET} bytes); build: ${path.relative(process.cwd(), build) || '.'}`,
  '',
  '| page | with its rules | budget left | first screen |',
  '| --- | ---: | ---: | --- |',
];
const over = [];
for (const route of pages) {
  const file = fileOf(route);
  if (!existsSync(file)) {
    lines.push(`| ${route} | no such page in the build | | |`);
    continue;
  }
  const html = readFileSync(file, 'utf8');
  const { size, inline } = measure(html, file);
  const left = FIRST_ROUND_TRIP_BUDGET - size;
  lines.push(`| ${route} | ${size} | ${left} | ${inline ? 'rules inline' : 'waits for the stylesheet'} |`);
  if (left < 0) over.push({ route, file, html, size });
}
for (const { route, file, html, size } of over) {
  lines.push(
    '',
    `${route}: bytes saved by building it without each part (${size - FIRST_ROUND_TRIP_BUDGET} to go)`,
    '',
  );
  lines.push('| part | saved |', '| --- | ---: |');
  const parts = partsOf(html, file);
  parts.forEach((part, index) => {
    lines.push(`| ${part.name} | ${size - measure(withoutPart(html, parts, index), file).size} |`);
  });
}
writeReport('first-screen-budget', lines);
