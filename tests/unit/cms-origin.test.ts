// Decap CMS on an origin of its own (CMS_ORIGIN): the build's check of the variable and where /cms/
// sends a browser that opened it elsewhere.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildEnvironment, readCmsOrigin } from '../../tools/build-env.mjs';
import { CMS_ORIGIN, CMS_USER_KEYS, cmsAddressElsewhere } from '@/lib/cms/origin';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = 'https://www.example.org';
const at = (href: string) => {
  const { origin, pathname, search, hash } = new URL(href);
  return { origin, pathname, search, hash };
};

describe('CMS_ORIGIN at build', () => {
  it('is empty when unset, so /cms/ runs on the site as before', () => {
    expect(readCmsOrigin({}, SITE)).toBe('');
    expect(buildEnvironment({ SITE_URL: SITE }).cmsOrigin).toBe('');
    expect(CMS_ORIGIN).toBe('');
  });

  it('takes an https origin, written with or without a trailing slash', () => {
    expect(readCmsOrigin({ CMS_ORIGIN: 'https://cms.example.org/' }, SITE)).toBe('https://cms.example.org');
    expect(readCmsOrigin({ CMS_ORIGIN: ' https://CMS.example.org ' }, SITE)).toBe('https://cms.example.org');
    expect(readCmsOrigin({ CMS_ORIGIN: 'http://localhost:4400' }, 'http://localhost:4321')).toBe(
      'http://localhost:4400',
    );
  });

  it.each([
    ['http://cms.example.org', 'not https'],
    ['cms.example.org', 'not a URL'],
    ['https://cms.example.org/cms/', 'no path'],
    ['https://user@cms.example.org', 'no path, query or user name'],
    ['https://www.example.org', 'the public site itself'],
  ])('refuses %s (%s)', (value, why) => {
    expect(() => readCmsOrigin({ CMS_ORIGIN: value }, SITE)).toThrow(why);
  });
});

describe('/cms/ opened on another origin', () => {
  it('goes to the CMS origin, keeping the path, query and hash', () => {
    expect(cmsAddressElsewhere(at(`${SITE}/cms/?x=1#/collections/posts`), 'https://cms.example.org')).toBe(
      'https://cms.example.org/cms/?x=1#/collections/posts',
    );
  });

  it('stays where it is on the CMS origin, or when no CMS origin is set', () => {
    expect(
      cmsAddressElsewhere(at('https://cms.example.org/cms/'), 'https://cms.example.org'),
    ).toBeUndefined();
    expect(cmsAddressElsewhere(at(`${SITE}/cms/`), '')).toBeUndefined();
  });

  it('clears the keys Decap keeps its token under', () => {
    const decap = readFileSync(join(root, 'node_modules/decap-cms-core/dist/esm/backend.js'), 'utf8');
    expect(decap).toMatch(/['"]decap-cms-user['"]/);
    expect(CMS_USER_KEYS).toContain('decap-cms-user');
  });

  it('loads Decap only after the origin check: the page imports cms-start, which imports Decap lazily', () => {
    const page = readFileSync(join(root, 'src/pages/cms/index.astro'), 'utf8');
    expect(page).toContain("import '@/browser/cms-start';");
    expect(page).not.toMatch(/import\s+['"]@\/scripts\/decap-cms/);
    const start = readFileSync(join(root, 'src/browser/cms-start.ts'), 'utf8');
    expect(start).not.toMatch(/^import .*decap-cms/m);
    // Decap's own sign-in is kept for the tab (src/lib/cms/sign-in-lifetime.ts) just before it loads.
    expect(start).toMatch(
      /else \{\s*keepCmsSignInForTheTab\(\);[^}]*?void Promise\.all\(\[import\('\.\/decap-cms'\)/,
    );
  });
});
