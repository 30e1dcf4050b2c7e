// Prints a measurement table and writes it to reports/NAME.md (git-ignored), stamped with the time
// and the commit: figures are produced by the scripts, never typed into the docs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REPORTS_DIR = 'reports';

function commit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim();
    return dirty ? `${sha} with uncommitted changes` : sha;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** Prints `lines` and writes them to reports/`name`.md; returns the file's path. */
export function writeReport(name, lines) {
  const text = `${lines.join('\n')}\n`;
  mkdirSync(REPORTS_DIR, { recursive: true });
  const file = path.join(REPORTS_DIR, `${name}.md`);
  writeFileSync(file, `<!-- ${new Date().toISOString()}, commit ${commit()} -->\n${text}`);
  console.log(text);
  console.log(`(also written to ${file})`);
  return file;
}
