import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { FIRST_SCREEN_END } from '../../src/integrations/html/critical-css.mjs';
import { HERO_IMAGE_WIDE } from '../../src/lib/site/hero-picture';
import { PREFERENCES_STORAGE_KEY } from '../../src/lib/page/a11y-preferences';
import { BROWSER_POSTS_KEY } from '../../src/lib/store/browser-posts-flag';
import { expect, requestsSettle, test } from './fixtures';
import { PAGES_WITH_THEIR_RULES } from './pages';

// The page's largest picture is fetched from <head>, beside the stylesheet (src/lib/content/responsive-image.ts).
// A preload whose srcset or sizes differ from the <img> would make the browser download it twice.
const PAGES_WITH_A_LEAD_PICTURE = [
  '/',
  '/training',
  '/services/individual-therapy',
  '/blog',
  '/blog/visual-schedules-a-practical-guide-for-families',
];

/**
 * The copy the browser chose from `sizes` is sharp at the size the page draws it: a `sizes` that
 * promises a narrower picture than the CSS draws gives a blurred one.
 */
async function expectSharp(picture: Locator) {
  const drawn = await picture.evaluate((img: HTMLImageElement) => {
    // naturalWidth is divided by the density the browser chose: read the copy's own width instead.
    const candidates = img.srcset.split(',').map((candidate) => {
      const [url, descriptor] = candidate.trim().split(/\s+/);
      return { url: new URL(url!, document.baseURI).href, width: parseInt(descriptor!) };
    });
    return {
      chosen: candidates.find((candidate) => candidate.url === img.currentSrc)?.width ?? 0,
      needed: img.getBoundingClientRect().width * window.devicePixelRatio,
      largest: Math.max(...candidates.map((candidate) => candidate.width)),
    };
  });
  expect(drawn.chosen).toBeGreaterThanOrEqual(Math.floor(Math.min(drawn.needed, drawn.largest)));
}

// The picture beside the main heading (home, training, a service page) is what the page paints first
// only where it is large: preloaded at high priority on wide screens alone, at low priority on a
// phone, where the heading's text comes first (HERO_IMAGE_WIDE). /blog's first card and a post's
// featured picture are the largest paint at every width: high priority everywhere.
const HERO_PAGES = new Set(['/', '/training', '/services/individual-therapy']);
const lead = (page: Page) => page.locator('img[loading="eager"]');

test.describe('the lead picture', { tag: '@layout' }, () => {
  for (const path of PAGES_WITH_A_LEAD_PICTURE) {
    test(`${path} preloads it with the <img>'s own srcset, at the priority its size calls for, and downloads it once`, async ({
      page,
    }) => {
      const pictures: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && request.url().endsWith('.webp'))
          pictures.push(request.url());
      });
      // The priority Chromium gave each request, and any change to it: the network log has it.
      const priorities = new Map<string, string>();
      const cdp = await page.context().newCDPSession(page);
      const ids = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
        ids.set(requestId, request.url);
        priorities.set(request.url, request.initialPriority);
      });
      cdp.on('Network.resourceChangedPriority', ({ requestId, newPriority }) => {
        const url = ids.get(requestId);
        if (url) priorities.set(url, newPriority);
      });
      await cdp.send('Network.enable');
      await page.goto(path);
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute('fetchpriority', 'high');
      const picture = lead(page);
      await expect(picture).toHaveCount(1);
      expect(await preload.getAttribute('imagesrcset')).toBe(await picture.getAttribute('srcset'));
      expect(await preload.getAttribute('imagesizes')).toBe(await picture.getAttribute('sizes'));
      const hero = HERO_PAGES.has(path);
      expect(await preload.getAttribute('media')).toBe(hero ? HERO_IMAGE_WIDE : null);
      await expect(picture).toHaveAttribute('fetchpriority', hero ? 'low' : 'high');

      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const chosen = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(pictures.filter((url) => url === chosen)).toHaveLength(1);
      expect(new Set(pictures).size).toBe(pictures.length); // nothing fetched twice
      const wide = await page.evaluate((media) => matchMedia(media).matches, HERO_IMAGE_WIDE);
      expect(priorities.get(chosen)).toBe(hero && !wide ? 'Low' : 'High');

      await expectSharp(picture);
    });
  }
});

// The panel's text size scales the root font size; `sizes` lengths do not follow it, so a picture
// sized in rem would grow past the copy the browser chose.
for (const path of PAGES_WITH_A_LEAD_PICTURE) {
  test(`${path}: the lead picture stays sharp with text at 150 %`, { tag: '@layout' }, async ({ page }) => {
    await page.addInitScript(() =>
      sessionStorage.setItem('a11y-preferences', JSON.stringify({ textSize: 150 })),
    );
    await page.goto(path);
    await expect
      .poll(() => lead(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectSharp(lead(page));
  });
}

// Chrome fetches the web app manifest, and the icon it names, as soon as it is linked, to check
// installability. Linked a second after the load event (src/browser/app-manifest.ts), neither shares the
// first round trips with the stylesheet and the lead picture; nor does the tab icon, inside the page.
test(
  'the manifest is linked only once the page has loaded and painted',
  { tag: '@full-browser' },
  async ({ page }) => {
    // When the link appears, on the page's own clock (Chrome fetches the manifest once it is linked,
    // outside Playwright's private windows).
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('link[rel="manifest"]')) return;
        (window as unknown as { manifestLinkedAt: number }).manifestLinkedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto('/blog/visual-schedules-a-practical-guide-for-families');
    expect(await response!.text()).not.toContain('rel="manifest"');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    const timing = await page.evaluate(async () => ({
      linked: (window as unknown as { manifestLinkedAt: number }).manifestLinkedAt,
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      largestPaint: await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      ),
    }));
    expect(timing.loaded).toBeGreaterThan(0);
    expect(timing.linked).toBeGreaterThan(timing.loaded);
    expect(timing.linked).toBeGreaterThan(timing.largestPaint);

    // Chrome reads it as before: nothing but the private window stands in the way of installing.
    const cdp = await page.context().newCDPSession(page);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);

    // The tab icon is public/favicon.svg itself, carried in the page: no request while it loads.
    const tabIcon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(decodeURIComponent(tabIcon!.replace(/^data:image\/svg\+xml,/, ''))).toBe(
      readFileSync('public/favicon.svg', 'utf8').trim(),
    );
  },
);

// Fetched without credentials the manifest needs a connection of its own (another handshake);
// with crossorigin="use-credentials" it reuses one the page already has.
test("the manifest comes over one of the page's own connections", async ({ page, context }) => {
  const settled = requestsSettle(context);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses: { type: string; connectionId: number }[] = [];
  cdp.on('Network.responseReceived', ({ type, response }) =>
    responses.push({ type, connectionId: response.connectionId }),
  );
  await page.goto('/login');
  await settled(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1); // linked after the load
  const pageConnections = new Set(responses.map((response) => response.connectionId));

  const { url, errors } = await cdp.send('Page.getAppManifest'); // what Chrome's installability check does
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  await expect.poll(() => responses.filter((response) => response.type === 'Manifest')).toHaveLength(1);
  const manifest = responses.find((response) => response.type === 'Manifest')!;
  expect(pageConnections.has(manifest.connectionId)).toBe(true);
});

// The bundled module scripts and the whole stylesheet never hold up the largest paint nor share its
// round trips: the page starts them after it (src/integrations/html/after-largest-paint.mjs), and
// the first screen's rules are in the page (src/integrations/html/critical-css.mjs).

/** Records, by the page's own clock, its first largest paint and when a stylesheet or script is added. */
const recordStarts = () => {
  const times: Record<string, number> = {};
  Object.assign(window, { startTimes: times });
  new PerformanceObserver((list) => {
    const [first] = list.getEntries();
    if (first && times.largestPaint === undefined) times.largestPaint = first.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') times.sheet ??= performance.now();
        if (node instanceof HTMLScriptElement && node.type === 'module' && node.src)
          times.script ??= performance.now();
      }
  }).observe(document, { childList: true, subtree: true });
};
type StartTimes = { largestPaint?: number; sheet?: number; script?: number };
const startTimes = (page: Page, what: 'sheet' | 'script') =>
  page
    .waitForFunction((key) => {
      const times = (window as { startTimes?: StartTimes }).startTimes;
      return times?.[key as keyof StartTimes] !== undefined && times.largestPaint !== undefined
        ? times
        : undefined;
    }, what)
    .then((handle) => handle.jsonValue() as Promise<Required<StartTimes>>);

test('the page script is started after the largest paint, after the lead picture', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requested: string[] = [];
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ request, type }) => {
    if (!type || !new URL(request.url).pathname.startsWith('/_astro/')) return;
    requested.push(type);
    priorities.set(`${type} ${new URL(request.url).pathname}`, request.initialPriority);
  });
  await page.addInitScript(recordStarts);
  await page.goto('/');
  const times = await startTimes(page, 'script');
  expect(times.script).toBeGreaterThanOrEqual(times.largestPaint);
  // Not in the page's markup, where the preload scanner would fetch it at once: added by the page.
  const response = await page.request.get('/');
  expect(await response.text()).not.toMatch(/<script type="module"[^>]* src=/);
  // The layout's script, then Astro's island runtime, a file on the public pages (decision 0048).
  const added = page.locator('script[type="module"][src^="/_astro/"]');
  await expect(added).toHaveCount(2);
  await expect(added.last()).toHaveAttribute('src', /^\/_astro\/astro-island\.[\w-]+\.js$/);
  await expect.poll(() => requested.includes('Script')).toBe(true);
  expect(requested.indexOf('Image')).toBeGreaterThanOrEqual(0);
  expect(requested.indexOf('Image')).toBeLessThan(requested.indexOf('Script'));
  expect([...priorities].filter(([key]) => key.startsWith('Image ')).map(([, p]) => p)).toContain('High');
});

// Lever 29 (docs/performance.md): a page's first read of localStorage costs the parse that the first
// paint waits for several milliseconds. The head script reads only the visitor's display preferences
// (sessionStorage); whether this browser keeps the admin's posts is read after the largest paint.
type StorageRead = { key: string; local: boolean; inHead: boolean };

test('nothing in <head> reads localStorage; the admin-posts flag is read once islands start', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const reads: StorageRead[] = [];
    (window as unknown as { storageReads: StorageRead[] }).storageReads = reads;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      reads.push({ key, local: this === window.localStorage, inHead: document.body === null });
      return getItem.call(this, key);
    };
  });
  await page.goto('/blog');
  // The blog's search island (client:interact="browser-posts") asks for the flag when the runtime
  // hands it over, which a pointer over it brings about at once.
  await page.getByRole('searchbox', { name: 'Search posts' }).hover();
  const reads = () =>
    page.evaluate(() => (window as unknown as { storageReads: StorageRead[] }).storageReads);
  await expect
    .poll(async () => (await reads()).some((read) => read.local && read.key === BROWSER_POSTS_KEY))
    .toBe(true);
  const inHead = (await reads()).filter((read) => read.inHead);
  expect(inHead.filter((read) => read.local)).toEqual([]);
  expect(inHead.map((read) => read.key)).toEqual([PREFERENCES_STORAGE_KEY]);
});

test('the first screen is styled from the page itself; the stylesheet comes after the largest paint', async ({
  page,
}) => {
  await page.addInitScript(recordStarts);
  await page.route('**/_astro/*.css', () => {
    // Never answered: the page must paint its first screen without it.
  });
  // A page within the first round trip with its rules (home is not yet: it keeps the link).
  await page.goto('/privacy', { waitUntil: 'domcontentloaded' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
  const times = await startTimes(page, 'sheet');
  expect(times.sheet).toBeGreaterThanOrEqual(times.largestPaint);
  // What follows the first screen (here the footer) waits for the stylesheet, hidden, not unstyled.
  const footer = page.locator('body > footer');
  await expect(footer).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.locator('html[data-styled]')).toHaveCount(1);
  await expect(footer).toBeVisible();
});

/**
 * The computed style of each element the page shows in its first screen, keyed by its place in the
 * document: what the rules chosen by class and element name (src/integrations/html/critical-css.mjs)
 * must give exactly as the whole stylesheet does.
 */
const firstScreenStyles = (page: Page) =>
  page.evaluate((laterMark) => {
    const properties = [
      'display',
      'position',
      'box-sizing',
      'width',
      'height',
      'margin-top',
      'margin-left',
      'padding-top',
      'padding-left',
      'border-top-width',
      'border-left-width',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'color',
      'background-color',
      'text-align',
      'text-decoration-line',
      'flex-direction',
      'grid-template-columns',
      'gap',
      'list-style-type',
      'vertical-align',
    ];
    const place = (element: Element) => {
      const steps: number[] = [];
      for (let at: Element | null = element; at?.parentElement; at = at.parentElement)
        steps.unshift([...at.parentElement.children].indexOf(at));
      return steps.join('.');
    };
    const styles: Record<string, string> = {};
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.top >= innerHeight || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      // An element holding what follows the first screen (hidden until the stylesheet comes) is
      // only as tall as its first screen until then.
      const holdsLater = element.querySelector(`[${laterMark}]`) !== null;
      styles[`${place(element)} ${element.tagName.toLowerCase()}`] = properties
        .filter((name) => !(holdsLater && name === 'height'))
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(';');
    }
    return styles;
  }, FIRST_SCREEN_END);

/**
 * Until a picture has loaded, its height comes from its width and height attributes, which Astro
 * rounds: a fraction of a pixel off the picture's own proportions (training's first picture: 149.33
 * against 149.23 px). Both measurements wait for the first screen's pictures, so they compare rules.
 */
const firstScreenPicturesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.images].every(
      (image) =>
        image.complete ||
        image.getBoundingClientRect().top >= innerHeight ||
        !image.checkVisibility({ visibilityProperty: true }),
    ),
  );

// Each page type that carries its first screen's rules (all but home, which keeps the link).
for (const path of PAGES_WITH_THEIR_RULES) {
  test(
    `${path}: the first screen's own rules style it as the whole stylesheet does`,
    { tag: '@layout' },
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.route('**/_astro/*.css', () => {
        // Never answered: only the page's own rules style it.
      });
      // Not the load event: the stylesheet the loader adds holds it up, and is never answered.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await firstScreenPicturesLoaded(page);
      const own = await firstScreenStyles(page);
      expect(Object.keys(own).length).toBeGreaterThan(20);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.reload();
      await expect(page.locator('html[data-styled]')).toHaveCount(1);
      await page.evaluate(() => document.fonts.ready);
      await firstScreenPicturesLoaded(page);
      const whole = await firstScreenStyles(page);
      for (const [element, style] of Object.entries(own)) expect.soft(style, element).toBe(whole[element]);
    },
  );
}
