// The key under which Astro's incremental build may copy a post page from the last build
// (src/lib/content/page-cache-key.ts, decision 0050): it must change with anything the page's HTML
// is made of that Astro does not trace itself, and must not change from one build to the next alone.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_OUT_DIR_VARIABLE,
  BUILD_SALTED_VARIABLE,
  pageCacheKey,
  stableAssetNames,
} from '@/lib/content/page-cache-key';
import { START_BUILD_ENV } from '../../server/releases.mjs';
import { incrementalBuildWanted } from '../../src/integrations/incremental-pages.mjs';

const SALT = '20ee1b309dc52606d2356eb4422f8669';
const folders: string[] = [];

/** A build folder whose _astro/ holds `files` (name to text). */
function buildFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'page-key-'));
  folders.push(dir);
  mkdirSync(path.join(dir, '_astro'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, '_astro', name), text);
  return dir;
}

const SITE = {
  'BaseLayout.B6bVzUoJ.css': 'body{}',
  'MobileMenu.DL4YObhJ.js': 'import"./client.CCBeaeLq.js";',
  'client.CCBeaeLq.js': 'export{}',
  'atkinson.GZI4o3u0.woff2': '',
};

function keyIn(dir: string, data: unknown, salted = SALT): string {
  process.env[BUILD_OUT_DIR_VARIABLE] = dir;
  process.env[BUILD_SALTED_VARIABLE] = salted;
  return pageCacheKey(data);
}

afterEach(() => {
  delete process.env[BUILD_OUT_DIR_VARIABLE];
  delete process.env[BUILD_SALTED_VARIABLE];
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the assets a cached page is keyed by', () => {
  it('leave out the scripts that carry a salted value, and those that name them, however far', () => {
    const dir = buildFolder({
      ...SITE,
      '_virtual_build-derived.YLZe3Cre.js': `var e={salt:\`${SALT}\`}`,
      'LoginForm.C8KusTG2.js': `const d=["_astro/_virtual_build-derived.YLZe3Cre.js"];`,
      'AdminPostList.sSsLqnx3.js': 'import{a}from"./LoginForm.C8KusTG2.js";',
      'inlined.Da98uooM.js': `const salt="${SALT}";`,
    });
    expect(stableAssetNames(path.join(dir, '_astro'), [SALT])).toEqual(Object.keys(SITE).sort());
  });

  it('are every file when no value is salted', () => {
    const dir = buildFolder({ ...SITE, 'inlined.Da98uooM.js': `const salt="${SALT}";` });
    expect(stableAssetNames(path.join(dir, '_astro'), [])).toHaveLength(5);
  });
});

describe('a page cache key', () => {
  const post = { slug: 'a-post', html: '<p>Words</p>', image: { src: '/_astro/a.FvzIAGTb.webp' } };

  it('is the same for the same data and the same stylesheet and scripts, whatever the salt', () => {
    const first = buildFolder({ ...SITE, 'LoginForm.C8KusTG2.js': `"${SALT}"` });
    const second = buildFolder({ ...SITE, 'LoginForm.Da98uooM.js': '"another salt"' });
    expect(keyIn(first, post)).toBe(keyIn(second, post, 'another salt'));
  });

  it('changes with the page data, a picture included', () => {
    const dir = buildFolder(SITE);
    const key = keyIn(dir, post);
    expect(keyIn(dir, { ...post, html: '<p>Other words</p>' })).not.toBe(key);
    expect(keyIn(dir, { ...post, image: { src: '/_astro/a.Xy12ab34.webp' } })).not.toBe(key);
  });

  it('changes when the stylesheet or a public script is renamed (Tailwind read a new class)', () => {
    const before = buildFolder(SITE);
    const { ['BaseLayout.B6bVzUoJ.css']: _css, ...rest } = SITE;
    const after = buildFolder({ ...rest, 'BaseLayout.B2KKysYj.css': 'body{} .skew-x-3{}' });
    expect(keyIn(after, post)).not.toBe(keyIn(before, post));
  });

  it("changes with the footer's year, which is Toronto's whatever the computer's zone", () => {
    const zone = process.env.TZ;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: already 2027 for the second build
      vi.setSystemTime(new Date('2026-12-31T04:00:00Z')); // Dec 30, 11 p.m. in Toronto
      const before = keyIn(buildFolder(SITE), post);
      vi.setSystemTime(new Date('2026-12-31T12:00:00Z')); // Dec 31, 7 a.m. in Toronto
      expect(keyIn(buildFolder(SITE), post)).toBe(before);
      vi.setSystemTime(new Date('2027-01-01T05:30:00Z')); // Jan 1, 0:30 a.m. in Toronto
      expect(keyIn(buildFolder(SITE), post)).not.toBe(before);
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('matches no earlier build when the build folder is not known', () => {
    delete process.env[BUILD_OUT_DIR_VARIABLE];
    const key = pageCacheKey(post);
    process.env[BUILD_OUT_DIR_VARIABLE] = path.join(os.tmpdir(), 'no-such-build-folder');
    expect(pageCacheKey(post)).not.toBe(key);
  });
});

describe('the incremental build (decision 0051)', () => {
  it('is on only with INCREMENTAL_BUILD=1', () => {
    expect(incrementalBuildWanted({ INCREMENTAL_BUILD: '1' })).toBe(true);
    expect(incrementalBuildWanted({ INCREMENTAL_BUILD: ' 1\n' })).toBe(true);
    expect(incrementalBuildWanted({ INCREMENTAL_BUILD: '0' })).toBe(false);
    expect(incrementalBuildWanted({ INCREMENTAL_BUILD: 'true' })).toBe(false);
    expect(incrementalBuildWanted({})).toBe(false);
  });

  it('is on for the builds of `npm start` and `npm run update`, which a rebuild follows', () => {
    expect(incrementalBuildWanted(START_BUILD_ENV)).toBe(true);
  });
});
