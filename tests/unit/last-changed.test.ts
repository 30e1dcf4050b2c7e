// The privacy page's "last changed" day, read from git (src/lib/content/last-changed.ts): the file's
// own last commit in a full clone; in a shallow clone, in a copy without git, or with the file edited
// and not yet committed, never a day earlier than the truth.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastChanged, lastChangedWarning } from '@/lib/content/last-changed';

const FILE = 'content/pages/privacy.md';
const BUILD_DAY = new Date('2027-03-01T12:00:00Z');
const now = () => BUILD_DAY;
let dir: string;

function git(cwd: string, args: string[], date?: string) {
  execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
      stdio: 'ignore',
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    },
  );
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'last-changed-'));
  const repo = path.join(dir, 'repo');
  execFileSync('mkdir', ['-p', path.join(repo, 'content/pages')]);
  git(repo, ['init', '-q', '-b', 'main']);
  writeFileSync(path.join(repo, FILE), 'First text.\n');
  git(repo, ['add', '.'], '2026-01-10T15:00:00Z');
  git(repo, ['commit', '-q', '-m', 'privacy page'], '2026-01-10T15:00:00Z');
  // Later commits that do not touch the page.
  writeFileSync(path.join(repo, 'other.txt'), 'a\n');
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'other'], '2026-02-20T10:00:00Z');
  writeFileSync(path.join(repo, 'other.txt'), 'b\n');
  git(repo, ['commit', '-q', '-am', 'other again'], '2026-02-21T10:00:00Z');
  git(dir, ['clone', '-q', '--depth', '1', `file://${repo}`, 'shallow']);
  execFileSync('mkdir', ['-p', path.join(dir, 'no-git/content/pages')]);
  writeFileSync(path.join(dir, 'no-git', FILE), 'First text.\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lastChanged', () => {
  it("takes the day of the file's own last commit, not of later commits", () => {
    const changed = lastChanged(FILE, { cwd: path.join(dir, 'repo'), now });
    expect(changed).toEqual({ date: new Date('2026-01-10T15:00:00Z'), source: 'commit' });
    expect(lastChangedWarning(FILE, changed)).toBeUndefined();
  });

  it('in a shallow clone, takes the day the history was cut (never earlier than the truth) and warns', () => {
    const changed = lastChanged(FILE, { cwd: path.join(dir, 'shallow'), now });
    expect(changed).toEqual({ date: new Date('2026-02-21T10:00:00Z'), source: 'shallow' });
    expect(lastChangedWarning(FILE, changed)).toMatch(/no full history.*--unshallow/);
  });

  it('without git, takes the day of the build and warns', () => {
    const changed = lastChanged(FILE, { cwd: path.join(dir, 'no-git'), now });
    expect(changed).toEqual({ date: BUILD_DAY, source: 'no-git' });
    expect(lastChangedWarning(FILE, changed)).toMatch(/no git history/);
  });

  it('a file edited since its last commit, or never committed, changes with this build', () => {
    const repo = path.join(dir, 'repo');
    writeFileSync(path.join(repo, 'content/pages/new.md'), 'New.\n');
    expect(lastChanged('content/pages/new.md', { cwd: repo, now })).toEqual({
      date: BUILD_DAY,
      source: 'uncommitted',
    });
    writeFileSync(path.join(repo, FILE), 'Changed text.\n');
    expect(lastChanged(FILE, { cwd: repo, now })).toEqual({ date: BUILD_DAY, source: 'uncommitted' });
    git(repo, ['checkout', '--', FILE]);
    expect(lastChanged(FILE, { cwd: repo, now }).source).toBe('commit');
  });
});
