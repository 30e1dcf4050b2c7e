// The benchmark's figures: statistics, units, and the table it prints.
import os from 'node:os';

/** Targets at 1000 posts (issue 3; the build's, issue 33). */
export const TARGETS = {
  buildSeconds: 30,
  peakBytes: 1.5 * 1024 ** 3,
  searchMs: 16,
  blogGzipBytes: 100 * 1024,
};

/** The build's targets for `posts` posts (issue 33): up to 1,000, 30 s and 1.5 GiB; to 5,000, 120 s and 2 GiB. */
export function buildTargets(posts) {
  return posts <= 1000
    ? { seconds: TARGETS.buildSeconds, peak: TARGETS.peakBytes }
    : { seconds: 120, peak: 2 * 1024 ** 3 };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];

export const fmtBytes = (n) =>
  n >= 1024 ** 3
    ? `${(n / 1024 ** 3).toFixed(2)} GiB`
    : n >= 1024 ** 2
      ? `${(n / 1024 ** 2).toFixed(0)} MiB`
      : `${(n / 1024).toFixed(1)} KB`;
export const ms = (n) => (n === undefined ? 'n/a' : `${n.toFixed(1)} ms`);
const verdict = (ok) => (ok === undefined ? '' : ok ? 'yes' : 'NO');

/** The table's rows: [measure, value, target, met] for what was measured (each part may be missing). */
export function reportRows({ posts, built, rebuilt, html, list, index, search }) {
  const rows = [['posts', String(posts), '', '']];
  const target = buildTargets(posts);
  if (built)
    rows.push(
      ['pages built (HTML files)', String(built.pages), '', ''],
      [
        `build time${built.start ? ' (as `npm start`: with compressed copies)' : ''}`,
        `${built.seconds.toFixed(1)} s`,
        `< ${target.seconds} s`,
        verdict(built.seconds < target.seconds),
      ],
      [
        'peak memory (build process, RSS)',
        fmtBytes(built.peak),
        `< ${fmtBytes(target.peak)}`,
        verdict(built.peak < target.peak),
      ],
      ['  CPU time of the build (user + system)', `${built.cpu.toFixed(1)} s`, '', ''],
      ['pages per second', (built.pages / built.seconds).toFixed(1), '', ''],
      ...built.steps.map((step) => [`  ${step.name}`, `${step.seconds.toFixed(1)} s`, '', '']),
    );
  if (rebuilt)
    rows.push(
      [
        'rebuild after one post changed',
        // With --reuse there is no first build in this run to compare with.
        `${rebuilt.seconds.toFixed(1)} s${built ? ` (${((100 * rebuilt.seconds) / built.seconds).toFixed(0)} % of the first)` : ''}`,
        '',
        '',
      ],
      ['  CPU time of the rebuild', `${rebuilt.cpu.toFixed(1)} s`, '', ''],
      ...rebuilt.steps.map((step) => [`  ${step.name}`, `${step.seconds.toFixed(1)} s`, '', '']),
    );
  if (html)
    rows.push([
      '/blog HTML, gzip (uncompressed)',
      `${fmtBytes(html.gzip)} (${fmtBytes(html.raw)})${html.compressed ? '' : ' [server sent it uncompressed]'}`,
      '< 100 KB',
      verdict(html.gzip < TARGETS.blogGzipBytes),
    ]);
  if (list)
    rows.push([
      `largest list of posts (${list.url}), gzip (uncompressed)`,
      `${fmtBytes(list.gzip)} (${fmtBytes(list.raw)})`,
      '< 100 KB',
      verdict(list.gzip < TARGETS.blogGzipBytes),
    ]);
  if (index) rows.push(['/blog/posts.json (loaded on first search), gzip', fmtBytes(index.gzip), '', '']);
  if (search) {
    rows.push(
      ['first keystroke → results (hydrate, load list)', ms(search.first?.dom), '', ''],
      [
        `keystroke → updated results in DOM, median of ${search.updates}`,
        ms(search.dom),
        `< ${TARGETS.searchMs} ms`,
        verdict(search.dom < TARGETS.searchMs),
      ],
      ['  same, 90th percentile', ms(search.domP90), '', ''],
      ['  same, to the next frame (median)', ms(search.frame), '', ''],
      [
        `keystroke → its work done, median of all ${search.keystrokes}`,
        ms(search.busy),
        `< ${TARGETS.searchMs} ms`,
        verdict(search.busy < TARGETS.searchMs),
      ],
      ['  same, 90th percentile', ms(search.busyP90), '', ''],
    );
  }
  return rows;
}

/** The rows as a Markdown table. */
export function renderTable(rows) {
  const header = ['measure', 'value', 'target', 'met'];
  const widths = header.map((title, c) => Math.max(...rows.map((r) => r[c].length), title.length));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The machine the figures come from; other work on it slows every figure. */
export function machineLine(loadBefore) {
  // The processor's name too: machines of one kind (two cores, 24 GiB) have differed by half in speed.
  const model = os.cpus()[0]?.model.trim();
  return (
    `Node ${process.version}, ${os.cpus().length} CPU(s)${model ? ` (${model})` : ''}, ${fmtBytes(os.totalmem())} RAM; load average ` +
    `${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after (other work on the machine slows every figure).`
  );
}
