// robots.txt (src/pages/robots.txt.ts) as a crawler reads it: robots-parser is the reader of
// Lighthouse's SEO audit (is-crawlable), which must keep the sign-in page crawlable.
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { GET } from '@/pages/robots.txt';

const ORIGIN = 'https://www.example.org';

async function robots() {
  const response = await GET({ site: new URL(ORIGIN) } as Parameters<typeof GET>[0]);
  return robotsParser(`${ORIGIN}/robots.txt`, await response.text());
}

describe('robots.txt', () => {
  // `Disallow: /cms/` left `/cms` itself (the CMS's page, served without the slash) to `Allow: /`.
  it('keeps the admin and the CMS out, with or without their slash', async () => {
    const rules = await robots();
    for (const path of ['/admin', '/admin/', '/admin/posts', '/cms', '/cms/', '/cms/config.yml']) {
      expect(rules.isDisallowed(`${ORIGIN}${path}`, 'Googlebot'), path).toBe(true);
    }
  });

  it('lets everything else be crawled, the sign-in page and addresses that only begin alike included', async () => {
    const rules = await robots();
    for (const path of [
      '/',
      '/login',
      '/blog',
      '/blog/a-post',
      '/services/x',
      '/cms-guide',
      '/administration',
    ]) {
      expect(rules.isAllowed(`${ORIGIN}${path}`, 'Googlebot'), path).toBe(true);
    }
  });
});
