import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGES } from './pages';

const { timeZone } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../content/settings/practice.json'), 'utf8'),
);
// 'YYYY-MM-DD' in the practice's time zone, as <time datetime> gives a post's day.
const dayInPractice = (instant: string) => new Date(instant).toLocaleDateString('en-CA', { timeZone });

test.describe('search engines', () => {
  test('every public page has a unique title and description, a canonical URL on SITE_URL and Open Graph', async ({
    page,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title.length, path).toBeGreaterThan(10);
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      titles.add(title);
      descriptions.add(description ?? '');
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).toBe(
        new URL(path, 'https://www.example.org').href.replace(/\/$/, path === '/' ? '/' : ''),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      );
      expect(jsonLd['@type']).toBe('MedicalBusiness');
      expect(jsonLd.telephone).toBeTruthy();
      await expect(page.locator('h1')).toHaveCount(1);
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  test('a post tells link previews and search engines that it is an article, and when it was published', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await page.goto('/blog/visual-schedules-a-practical-guide-for-families');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    const posting = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').nth(1).textContent()) ?? '{}',
    );
    expect(posting['@type']).toBe('BlogPosting');
    expect(posting.headline).toBe(await page.locator('h1').textContent());
    const day = await page.locator('article time').first().getAttribute('datetime');
    // The instant, in any offset, falls on the day the page shows, in the practice's time zone.
    expect(dayInPractice(posting.datePublished)).toBe(day);
    expect(Date.parse(posting.dateModified)).toBeGreaterThanOrEqual(Date.parse(posting.datePublished));
  });

  test('robots.txt keeps private pages out and points to the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin/');
    expect(robots).toContain('Disallow: /cms/');
    // Their addresses without the slash too (`$`: the rule's end; tests/unit/robots-txt.test.ts).
    expect(robots).toContain('Disallow: /admin$');
    expect(robots).toContain('Disallow: /cms$');
    expect(robots).not.toContain('/login');
    expect(robots).toContain('Sitemap: https://www.example.org/sitemap-index.xml');
  });

  test('the sign-in page may be listed; the admin pages may not', async ({ page }) => {
    const login = await page.goto('/login');
    expect(login?.headers()['x-robots-tag']).toBeUndefined();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const admin = await page.request.get('/admin/posts');
    expect(admin.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow"');
    // Without the trailing slash too: the CMS's page, and the admin's redirect to its post list.
    for (const path of ['/cms', '/admin']) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    }
  });

  test('the sitemap lists the public pages and no admin or login page', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    // The same URL as the page's canonical link.
    for (const path of PUBLIC_PAGES) expect(sitemap).toContain(`<loc>https://www.example.org${path}</loc>`);
    expect(sitemap).not.toMatch(/\/(admin|login|cms)/);
    expect(sitemap).not.toContain('404');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of PUBLIC_PAGES) {
    test(`${path} is readable`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      // Nothing waits for a script to be revealed.
      const hidden = await page.$$eval(
        '[data-reveal]',
        (nodes) => nodes.filter((n) => getComputedStyle(n).opacity === '0').length,
      );
      expect(hidden).toBe(0);
    });
  }
});
