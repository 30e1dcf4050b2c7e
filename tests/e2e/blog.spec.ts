// The blog end to end (SPEC 2, 3, 5, 7): list, featured rule, search with a typo, the tags dialog,
// both empty states, post pages, Latest Insights, RSS, tag pages, sitemap, posts kept in this
// browser's store (with script payloads that must not run), and axe in every contrast mode.
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInModes,
  pageSettled,
  requestsSettle,
  test,
} from './fixtures';
import { putBrowserPosts, type StoredPost } from './browser-store';
import { CONTRAST_MODES } from './pages';

/** The seed posts in content/posts, newest first (the draft has no page). */
const PUBLISHED = [
  { slug: 'planning-the-move-to-adult-life-in-ontario', title: 'Planning the Move to Adult Life in Ontario' },
  {
    slug: 'visual-schedules-a-practical-guide-for-families',
    title: 'Visual Schedules: A Practical Guide for Families',
  },
  { slug: 'looking-after-the-caregiver-too', title: 'Looking After the Caregiver, Too' },
  {
    slug: 'daily-living-routines-one-small-step-at-a-time',
    title: 'Daily Living Routines, One Small Step at a Time',
  },
  { slug: 'building-social-skills-at-home', title: 'Building Social Skills at Home' },
  { slug: 'preparing-for-your-first-session', title: 'Preparing for Your First Session' },
  {
    slug: 'the-ontario-autism-program-and-working-with-a-registered-provider',
    title: 'The Ontario Autism Program and Working with a Registered Provider',
  },
  { slug: 'what-aba-therapy-is-and-what-it-is-not', title: 'What ABA Therapy Is, and What It Is Not' },
];
const DRAFT = { slug: 'getting-ready-for-a-new-school-year', title: 'Getting Ready for a New School Year' };
const POST_PATH = `/blog/${PUBLISHED[1]!.slug}`;

const staticCards = (page: Page) => page.locator('#blog-static-list [data-post-card]');
const resultCards = (page: Page) => page.locator('[data-blog-results] [data-post-card]');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search posts' });

test.describe('blog list', () => {
  test(
    'shows every published post newest first, the first featured, with short dates',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      await expect(page.getByText('Insights and updates from our therapy practice')).toBeVisible();
      await expect(staticCards(page)).toHaveCount(PUBLISHED.length);
      const titles = await staticCards(page).locator('h2').allTextContents();
      expect(titles.map((t) => t.trim())).toEqual(PUBLISHED.map((p) => p.title));
      await expect(page.getByText(DRAFT.title)).toHaveCount(0);

      await expect(page.locator('[data-featured]')).toHaveCount(1);
      await expect(staticCards(page).first()).toHaveAttribute('data-featured', 'true');
      await expect(staticCards(page).last().locator('time')).toHaveText('Jan 5, 2025');
      for (const date of await staticCards(page).locator('time').allTextContents()) {
        expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      }
      const clamp = await staticCards(page)
        .nth(1)
        .locator('p.line-clamp-2')
        .evaluate((el) => getComputedStyle(el).webkitLineClamp);
      expect(clamp).toBe('2');
    },
  );

  test('loads no React and opens no database until the search is used', async ({ page, context }) => {
    const settled = requestsSettle(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/blog');
    await settled(page);
    expect(scripts.filter((url) => /BlogSearch|client\.|react/i.test(url))).toEqual([]);
    await searchBox(page).fill('home');
    await expect(resultCards(page).first()).toBeVisible();
    expect(scripts.some((url) => /BlogSearch/.test(url))).toBe(true);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).toEqual([]);
  });

  test(
    'search shows matching posts without a featured card, tolerates a typo, and says when none match',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/blog');
      await searchBox(page).fill('TEETH');
      await expect(resultCards(page)).toHaveCount(1);
      await expect(resultCards(page).first()).toHaveAttribute('data-post-card', PUBLISHED[3]!.slug);
      await expect(page.locator('#blog-static-list')).toBeHidden();
      await expect(page.locator('[data-blog-results] [data-featured]')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: '1 post found' })).toBeAttached();

      await searchBox(page).fill('scedule');
      await expect(resultCards(page).first()).toHaveAttribute('data-post-card', PUBLISHED[1]!.slug);

      await searchBox(page).fill('zzqxj');
      await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
      await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();

      await page.getByRole('button', { name: 'Clear all filters' }).click();
      await expect(searchBox(page)).toHaveValue('');
      await expect(staticCards(page)).toHaveCount(PUBLISHED.length);
      await expect(page.locator('[data-featured]')).toHaveCount(1);
    },
  );

  test(
    "the 'Filter by Tags' dialog toggles chips and shows posts with any selected tag",
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/blog');
      const filter = page.getByRole('button', { name: /^Filter/ });
      await filter.click();
      const dialog = page.getByRole('dialog', { name: 'Filter by Tags' });
      await expect(dialog).toBeVisible();
      const routines = dialog.getByRole('button', { name: 'Routines' });
      await expect(routines).toHaveAttribute('aria-pressed', 'false');
      await routines.click();
      await expect(routines).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filter (1 tag selected)' })).toBeFocused();
      await expect(resultCards(page)).toHaveCount(2);
      await expect(page.locator('[data-blog-results] [data-featured]')).toHaveCount(0);

      // Tags and text combine with AND.
      await searchBox(page).fill('teeth');
      await expect(resultCards(page)).toHaveCount(1);
      await searchBox(page).fill('caregiver');
      await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    },
  );

  test('is readable without JavaScript, with the search controls hidden', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page.locator('#blog-static-list [data-post-card]')).toHaveCount(PUBLISHED.length);
    await expect(page.getByRole('searchbox')).toBeHidden();
    await context.close();
  });
});

test.describe('post page', () => {
  test(
    'shows title, author, long date, tags, picture, content and a way back',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto(POST_PATH);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED[1]!.title);
      const article = page.locator('[data-post-article]');
      await expect(article).toContainText('By Admin');
      await expect(article.locator('time').first()).toHaveText('October 7, 2025');
      await expect(article.getByRole('link', { name: 'Routines' })).toHaveAttribute(
        'href',
        '/blog/tags/routines',
      );
      const image = article.locator('img').first();
      await expect(image).toHaveAttribute('srcset', /200w.*400w.*800w.*1200w/);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await expect(
        page.getByRole('heading', { level: 2, name: 'Why visual schedules can help' }),
      ).toBeVisible();
      await expect(page.locator('[data-post-content] script')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Blog' }).click();
      await expect(page).toHaveURL(/\/blog\/?$/);
    },
  );

  test(
    'pictures in the text are built sharp, lazy and sized, and shift nothing as the reader scrolls',
    { tag: ['@layout', '@full-browser'] },
    async ({ page }) => {
      // Layout shifts as Lighthouse counts them (CLS), from the first paint to the end of the text.
      await page.addInitScript(() => {
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(POST_PATH);
      const pictures = page.locator('[data-post-content] img');
      await expect(pictures).toHaveCount(3);
      for (const picture of await pictures.all()) {
        await expect(picture).toHaveAttribute('alt', /^.{20,}$/);
        await expect(picture).toHaveAttribute('srcset', /200w.*400w.*800w.*1200w/);
        await expect(picture).toHaveAttribute('loading', 'lazy');
        await expect(picture).toHaveAttribute('decoding', 'async');
        await expect(picture).toHaveAttribute('width', '1200');
        await expect(picture).toHaveAttribute('height', '600');
      }
      // Read as a reader does, a screen at a time.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 600; y < height + 600; y += 600) {
        await page.mouse.wheel(0, 600);
        // The page has scrolled there (or to its end): the screen a reader would see next.
        await page.waitForFunction(
          (top) => window.scrollY >= Math.min(top, document.documentElement.scrollHeight - innerHeight) - 1,
          y,
        );
      }
      for (const picture of await pictures.all()) {
        await picture.scrollIntoViewIfNeeded();
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        // Sharp: the copy the browser chose has at least as many pixels as the screen shows (up to
        // twice as many on dense screens), so `sizes` describes the column truthfully.
        const { pixels, shown, ratio, density } = await picture.evaluate((img: HTMLImageElement) => {
          const chosen = img.srcset
            .split(', ')
            .map((candidate) => candidate.split(' '))
            .find(([address]) => new URL(address!, location.href).href === img.currentSrc);
          const box = img.getBoundingClientRect();
          return {
            pixels: Number.parseInt(chosen?.[1] ?? '0', 10),
            shown: box.width,
            ratio: box.height / box.width,
            density: Math.min(window.devicePixelRatio, 2),
          };
        });
        expect(pixels).toBeGreaterThanOrEqual(Math.floor(shown * density));
        expect(ratio).toBeCloseTo(0.5, 2);
      }
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    },
  );

  test(
    'a picture in the text that fails while on screen keeps its box, so the text does not jump',
    { tag: ['@layout', '@full-browser'] },
    async ({ page }) => {
      await page.route(/\/_astro\/first-then-board\./, (route) => route.abort('connectionrefused'));
      await page.goto(POST_PATH);
      const picture = page.locator('[data-post-content] img[src*="first-then-board"]');
      const before = await picture.evaluate((img) => img.getBoundingClientRect().height);
      expect(before).toBeGreaterThan(100);
      await picture.scrollIntoViewIfNeeded();
      await expect(picture).toHaveCSS('visibility', 'hidden');
      expect(await picture.evaluate((img) => img.getBoundingClientRect().height)).toBe(before);
      // The other pictures are untouched.
      await expect(page.locator('[data-post-content] img[src*="schedule-formats"]')).toHaveCSS(
        'visibility',
        'visible',
      );
    },
  );

  test('a draft and an unknown slug get the helpful not-found page', async ({ page }) => {
    for (const path of [`/blog/${DRAFT.slug}`, '/blog/no-such-post']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      const help = page.getByRole('region', { name: 'Looking for a blog post?' });
      await expect(help.getByRole('link')).toHaveCount(4); // the blog and the three newest posts
      await expect(help.getByRole('link', { name: PUBLISHED[0]!.title })).toHaveAttribute(
        'href',
        `/blog/${PUBLISHED[0]!.slug}`,
      );
    }
  });

  test('tag pages list the posts with that tag', async ({ page }) => {
    await page.goto('/blog/tags/routines');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Routines');
    await expect(page.locator('[data-post-card]')).toHaveCount(2);
    await expect(page.locator('[data-featured]')).toHaveCount(0);
  });
});

test.describe('home, feed and sitemap', () => {
  test(
    "Latest Insights shows the 3 newest posts, the first featured, and 'View All Posts'",
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/');
      const section = page.locator('#blog');
      const cards = section.locator('[data-post-card]');
      await expect(cards).toHaveCount(3);
      expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-post-card')))).toEqual(
        PUBLISHED.slice(0, 3).map((p) => p.slug),
      );
      await expect(cards.first()).toHaveAttribute('data-featured', 'true');
      await expect(section.getByRole('link', { name: 'View All Posts' })).toHaveAttribute('href', '/blog');
    },
  );

  test('the RSS feed lists the published posts and every page links to it', async ({ page, request }) => {
    const response = await request.get('/rss.xml');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const feed = await response.text();
    expect(feed.match(/<item>/g)).toHaveLength(PUBLISHED.length);
    expect(feed).toContain(`<link>https://www.example.org/blog/${PUBLISHED[0]!.slug}</link>`);
    expect(feed).toContain(
      '<atom:link href="https://www.example.org/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(feed).not.toContain(DRAFT.title);
    // The posts' text is read away from the site: its links and pictures carry the site's address.
    const addresses = [...feed.matchAll(/(?:href|src|srcset)=&quot;([^&]*)&quot;/g)].flatMap(([, value]) =>
      value!.split(', ').map((candidate) => candidate.split(' ')[0]),
    );
    expect(addresses).toContainEqual(
      expect.stringMatching(/^https:\/\/www\.example\.org\/_astro\/.+\.webp$/),
    );
    for (const address of addresses) expect(address).toMatch(/^[a-z][a-z\d+.-]*:/);
    for (const path of ['/', '/blog', POST_PATH]) {
      await page.goto(path);
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        '/rss.xml',
      );
    }
  });

  test('the sitemap lists published posts and tag pages, never the draft', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const post of PUBLISHED) expect(sitemap).toContain(`/blog/${post.slug}`);
    expect(sitemap).toContain('/blog/tags/routines');
    expect(sitemap).not.toContain(DRAFT.slug);
    expect(sitemap).not.toMatch(/manifest|posts\.json|rss/);
  });

  test('the public manifest for the admin holds the published posts only, content sanitised', async ({
    request,
  }) => {
    const manifest = await (await request.get('/blog/manifest.json')).json();
    expect(manifest.version).toBe(1);
    expect(manifest.posts).toHaveLength(PUBLISHED.length);
    expect(JSON.stringify(manifest)).not.toContain(DRAFT.slug);
    for (const post of manifest.posts) expect(post.content).not.toMatch(/<script|onerror|javascript:/i);
  });
});

test.describe("posts kept in this browser's store", () => {
  const PAYLOAD = [
    '<p>Written in this browser, safely.</p>',
    '<img src="/no-such-image.png" onerror="window.__xss = \'img\'">',
    '<script>window.__xss = "script"</script>',
    '<p><a href="javascript:window.__xss = \'link\'">A harmless link</a></p>',
    '<p onclick="window.__xss = \'click\'">Click this paragraph</p>',
    '<svg><foreignObject><iframe src="javascript:window.__xss = \'iframe\'"></iframe></foreignObject></svg>',
  ].join('');
  const mine: StoredPost = {
    slug: 'written-in-this-browser',
    title: 'Written in This Browser',
    excerpt: 'A post the admin published here.',
    content: PAYLOAD,
    tags: ['Home', 'Browser'],
    isDraft: 0,
    publishedAt: '2026-03-01T12:00:00.000Z',
    featuredImage: 'javascript:window.__xss = "image"',
  };
  const draft: StoredPost = {
    slug: 'a-browser-draft',
    title: 'A Browser Draft',
    excerpt: 'Not public.',
    content: '<p>Draft</p>',
    tags: [],
    isDraft: 1,
    publishedAt: '2026-04-01T12:00:00.000Z',
  };

  test('show on /blog, on the home page and at their address, sanitised; drafts never show', async ({
    page,
  }) => {
    await putBrowserPosts(page, [mine, draft]);

    await page.goto('/blog');
    await expect(resultCards(page)).toHaveCount(PUBLISHED.length + 1);
    await expect(resultCards(page).first()).toHaveAttribute('data-post-card', mine.slug);
    await expect(resultCards(page).first()).toHaveAttribute('data-featured', 'true');
    await expect(page.locator('#blog-static-list')).toBeHidden();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await searchBox(page).fill('admin published');
    await expect(resultCards(page)).toHaveCount(1);

    await page.goto('/');
    await expect(page.locator('#blog [data-post-card]').first()).toHaveAttribute('data-post-card', mine.slug);
    await expect(page.locator('#blog [data-post-card]')).toHaveCount(3);

    await page.goto(`/blog/${mine.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(mine.title);
    await expect(page).toHaveTitle(/^Written in This Browser \|/);
    const content = page.locator('[data-post-content]');
    await expect(content).toContainText('Written in this browser, safely.');
    await expect(page.locator('[data-post-article] time').first()).toHaveText('March 1, 2026');
    await expect(content.locator('script, iframe, [onerror], [onclick]')).toHaveCount(0);
    await expect(content.getByText('A harmless link')).not.toHaveAttribute('href', /javascript/);
    await content.getByText('A harmless link').click();
    await content.getByText('Click this paragraph').click();
    await pageSettled(page);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

    await page.goto(`/blog/${draft.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a tag only they carry gets its tag page in this browser', async ({ page }) => {
    const second: StoredPost = {
      ...mine,
      slug: 'also-in-this-browser',
      title: 'Also in This Browser',
      tags: ['Browser'],
      publishedAt: '2026-03-02T12:00:00.000Z',
    };
    await putBrowserPosts(page, [mine, second, { ...draft, tags: ['Browser'] }]);
    await page.goto(`/blog/${mine.slug}`);
    // "Browser" has no built page: no post on the site carries it.
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Browser' }).click();
    await expect(page).toHaveURL(/\/blog\/tags\/browser$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browser');
    await expect(page).toHaveTitle(/^Posts tagged Browser \|/);
    await expect(page.getByText('2 posts', { exact: true })).toBeVisible();
    // Newest first; the draft is not listed.
    await expect(page.locator('[data-post-card]')).toHaveCount(2);
    expect(
      await page
        .locator('[data-post-card]')
        .evaluateAll((cards) => cards.map((card) => card.dataset['postCard'])),
    ).toEqual([second.slug, mine.slug]);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // A tag that no post carries is still not found.
    await page.goto('/blog/tags/no-such-tag');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a site post drafted, deleted or retitled here shows the admin a note at its address', async ({
    page,
  }) => {
    const [drafted, deleted, retitled, untouched] = PUBLISHED;
    const stored = { excerpt: 'x', content: '<p>x</p>', tags: [], publishedAt: '2026-01-20T12:00:00.000Z' };
    // The seed record lists the site's posts by store key: 1000 drafted, 1001 deleted, 1002 retitled.
    await putBrowserPosts(
      page,
      [
        { ...stored, id: 1000, slug: drafted!.slug, title: drafted!.title, isDraft: 1 },
        { ...stored, id: 1002, slug: 'a-new-title', title: 'A New Title', isDraft: 0 },
      ],
      [drafted!.slug, deleted!.slug, retitled!.slug],
    );
    const note = page.getByRole('note');

    await page.goto(`/blog/${drafted!.slug}`);
    await expect(note).toContainText('Only you see this note. You made this post a draft');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drafted!.title); // the site's copy
    await expectNoAxeViolations(page);

    await page.goto(`/blog/${deleted!.slug}`);
    await expect(note).toContainText('You deleted this post');

    await page.goto(`/blog/${retitled!.slug}`);
    await note.getByRole('link', { name: 'see your version' }).click();
    await expect(page).toHaveURL(/\/blog\/a-new-title$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A New Title');

    // A post the seed record does not list gets no note once the loader has looked.
    await page.goto(`/blog/${untouched!.slug}`);
    await expect(page.locator('[data-browser-post][data-checked]')).toHaveCount(1);
    await expect(note).toHaveCount(0);
  });

  test('show the same calendar day in any time zone', async ({ browser }) => {
    for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      await putBrowserPosts(page, [{ ...mine, publishedAt: '2025-01-05T12:00:00.000Z' }]);
      await page.goto(`/blog/${mine.slug}`);
      await expect(page.locator('[data-post-article] time').first()).toHaveText('January 5, 2025');
      await page.goto('/blog');
      await expect(page.locator(`[data-post-card="${mine.slug}"] time`)).toHaveText('Jan 5, 2025');
      await context.close();
    }
  });

  test('a featured picture that cannot be loaded is hidden without leaving a hole', async ({ page }) => {
    await page.route('https://images.example.org/**', (route) => route.abort('namenotresolved'));
    await putBrowserPosts(page, [{ ...mine, featuredImage: 'https://images.example.org/missing.jpg' }]);
    await page.goto(`/blog/${mine.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(mine.title);
    await expect(page.locator('[data-post-content]')).toContainText('Written in this browser, safely.');
    const picture = page.locator('[data-post-article] img[src^="https://images.example.org/"]');
    await expect(picture).toHaveCount(1);
    await expect(picture).toBeHidden();
    // No picture-sized gap is left where it would have been (it kept its box before: 477 px).
    expect(await picture.evaluate((img) => img.getBoundingClientRect().height)).toBe(0);
    await page.goto('/blog');
    const card = page.locator(`[data-post-card="${mine.slug}"]`);
    await expect(card.locator('img')).toHaveCount(1);
    await expect(card.locator('img')).toBeHidden();
    expect(await card.locator('img').evaluate((img) => img.getBoundingClientRect().height)).toBe(0);
    // The featured card's text then takes its whole width (on a wide screen it has two columns).
    const [cardBox, textBox] = await Promise.all([
      card.boundingBox(),
      card.locator(':scope > div').boundingBox(),
    ]);
    expect(textBox!.width).toBeGreaterThan(cardBox!.width * 0.9);
  });

  test("a browser whose admin deleted every post shows 'No posts yet'", async ({ page }) => {
    await putBrowserPosts(
      page,
      [],
      PUBLISHED.map((p) => p.slug),
    );
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    await expect(page.getByText('Check back soon for new content!')).toBeVisible();
    await expect(page.locator('#blog-static-list')).toBeHidden();
  });
});

test.describe('accessibility', { tag: '@layout' }, () => {
  // One load per page, axe in each mode in turn (the page loads in one stored mode, in turn across
  // the pages, so the head script's applying it is checked too); a failure names page and mode.
  for (const [index, path] of ['/blog', POST_PATH, '/blog/tags/routines'].entries()) {
    test(`${path} has no axe violations in any contrast mode`, async ({ page }) => {
      const stored = CONTRAST_MODES[index % CONTRAST_MODES.length]!;
      await page.addInitScript((contrast) => {
        sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast }));
      }, stored);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-contrast', stored);
      await expectNoAxeViolationsInModes(page, path, [stored, ...CONTRAST_MODES.filter((m) => m !== stored)]);
    });
  }

  test('search results and the open tags dialog have no axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/blog');
    await searchBox(page).fill('home');
    await expect(resultCards(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Filter/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filter by Tags' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
