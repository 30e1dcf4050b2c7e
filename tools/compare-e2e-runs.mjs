// Compares the end-to-end phase of two runs test by test: which tests got slower, and whether all of
// them did (the machine) or a few (a change). Reads the list reporter's lines as CI prints them, e.g.
// the 6-e2e.log files that `npm run test:timings -- --keep` keeps.
// Usage: node tools/compare-e2e-runs.mjs BEFORE.log AFTER.log [how many tests to list, default 20]
import { readFileSync } from 'node:fs';

/** Each passed test's duration in seconds, by "[project] file :: title" (a retried test: its last run). */
export function testDurations(text) {
  const durations = new Map();
  const line = /✓\s+\d+ \[([^\]]+)\] › (\S+?):\d+:\d+ › (.*) \(([\d.]+)(m?s)\)\s*$/;
  for (const row of text.split('\n')) {
    const match = line.exec(row);
    if (!match) continue;
    const [, project, file, title, value, unit] = match;
    durations.set(`[${project}] ${file} :: ${title}`, Number(value) / (unit === 'ms' ? 1000 : 1));
  }
  return durations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [beforeFile, afterFile, count = '20'] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('Usage: node tools/compare-e2e-runs.mjs BEFORE.log AFTER.log [count]');
    process.exit(1);
  }
  const before = testDurations(readFileSync(beforeFile, 'utf8'));
  const after = testDurations(readFileSync(afterFile, 'utf8'));
  const both = [...before.keys()].filter((key) => after.has(key));
  const sum = (runs, keys) => keys.reduce((total, key) => total + runs.get(key), 0);
  const slower = both.filter((key) => after.get(key) > before.get(key)).length;
  console.log(
    `${before.size} tests before, ${after.size} after, ${both.length} in both: ` +
      `${sum(before, both).toFixed(1)} s -> ${sum(after, both).toFixed(1)} s summed, ${slower} of them slower.`,
  );
  const only = (runs, other) => [...runs.keys()].filter((key) => !other.has(key));
  for (const [label, keys, runs] of [
    ['Only before', only(before, after), before],
    ['Only after', only(after, before), after],
  ]) {
    if (keys.length) console.log(`${label}: ${keys.length} tests, ${sum(runs, keys).toFixed(1)} s.`);
  }
  console.log('\nMost slower (before -> after, seconds):');
  for (const key of both
    .sort((a, b) => after.get(b) - before.get(b) - (after.get(a) - before.get(a)))
    .slice(0, Number(count)))
    console.log(
      `${before.get(key).toFixed(1).padStart(6)} -> ${after.get(key).toFixed(1).padStart(6)}  ${key}`,
    );
}
