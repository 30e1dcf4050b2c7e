// When a content file last changed, read from git at build time, so a page's "last changed" date
// (the privacy page's) can never be forgotten or typed wrong. Build only: it runs git.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type LastChangedSource =
  /** The last commit that changed the file. */
  | 'commit'
  /**
   * A clone without the full history (a shallow clone, as some hosts build from): the commit found
   * is where the history was cut, so its date is an upper bound (the file changed then or earlier).
   */
  | 'shallow'
  /** The file differs from its last commit, or was never committed: it changes with this build. */
  | 'uncommitted'
  /** No git here (a downloaded archive) or git failed: the build's day, the latest it can be. */
  | 'no-git';

export interface LastChanged {
  date: Date;
  source: LastChangedSource;
}

export interface LastChangedOptions {
  /** The folder git runs in: the project's root. */
  cwd?: string;
  now?: () => Date;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/**
 * The day `file` (relative to `cwd`) last changed. Never earlier than the truth: when git cannot
 * tell exactly, the date is the latest it can be (the cut in the history, or this build), and
 * `source` says so, for the build to warn.
 */
export function lastChanged(
  file: string,
  { cwd = process.cwd(), now = () => new Date() }: LastChangedOptions = {},
): LastChanged {
  let line: string;
  try {
    line = git(cwd, 'log', '-1', '--format=%H %cI', '--', file);
  } catch {
    return { date: now(), source: 'no-git' };
  }
  const [hash, iso] = line.split(' ');
  if (!hash || !iso) return { date: now(), source: 'uncommitted' };
  try {
    if (git(cwd, 'status', '--porcelain', '--', file) !== '') return { date: now(), source: 'uncommitted' };
    const shallowFile = path.resolve(cwd, git(cwd, 'rev-parse', '--git-path', 'shallow'));
    const cut = existsSync(shallowFile) ? readFileSync(shallowFile, 'utf8').split('\n') : [];
    return { date: new Date(iso), source: cut.includes(hash) ? 'shallow' : 'commit' };
  } catch {
    return { date: now(), source: 'no-git' };
  }
}

/** What the build prints when the date is not the file's own last commit; undefined when it is. */
export function lastChangedWarning(file: string, { source }: LastChanged): string | undefined {
  switch (source) {
    case 'shallow':
      return `[content] ${file}: this clone has no full history, so "last changed" shows the newest commit's day; clone with the full history (git fetch --unshallow) for the true day.`;
    case 'no-git':
      return `[content] ${file}: no git history here, so "last changed" shows the day of this build.`;
    default:
      return undefined;
  }
}
