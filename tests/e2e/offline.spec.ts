// Offline reading and updates (SPEC: service worker): the only suite that lets the service worker run
// (playwright.config.ts blocks it for the others, so their pages always come from the server).
import { readFile, writeFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, openBlankSitePage, requestsSettle, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });
// Every failure here keeps its trace (about 5 s for the file), not only a retry's: "a new version
// waits" timed out at its last reload in two CI runs and passed on retry, never locally, so the
// failing run's own trace is the evidence to read (docs/development.md, the e2e suite).
test.use({ trace: 'retain-on-failure' });
// One browser engine, one worker: the screen size changes nothing here.

const POST = '/blog/visual-schedules-a-practical-guide-for-families';

/** Waits until the service worker is active and has kept the first page (src/browser/service-worker.ts). */
async function installed(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  await expect.poll(() => keptPages(page)).toContain(new URL(page.url()).pathname);
}

/**
 * How long the new version may take to take over once the visitor said yes. The page reloads after
 * 3 s at the latest either way; Chromium hands over only when the old version is idle, which under
 * load it may judge by its 30 s idle timer (a CI run once waited more than 25 s).
 */
const TAKEOVER = { timeout: 35_000 };

/**
 * How long a new version may take to install: it fetches and keeps the site's files first, which
 * on a loaded machine has taken more than expect's 5 s.
 */
const INSTALL = { timeout: 20_000 };

/**
 * What the browser did with the site's service worker versions and the page's documents, each line
 * with its time (DevTools protocol, so a worker that no longer answers is recorded too). Attached to
 * a failed run of an update test (afterEach below, as test-results/…/service-workers.log): "a new
 * version waits" has timed out waiting for its last reload in CI, never here, and this says which
 * step held it up.
 */
let updateLog: string[] | undefined;

async function recordUpdate(page: Page): Promise<void> {
  const start = Date.now();
  const log: string[] = [];
  updateLog = log;
  let last = '';
  const note = (line: string) => {
    if (line !== last) log.push(`${String(Date.now() - start).padStart(6)} ms  ${line}`);
    last = line;
  };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions)
      note(
        `worker ${version.versionId} ${new URL(version.scriptURL).search || '(current)'}: ` +
          `${version.status}, ${version.runningStatus}, ${version.controlledClients?.length ?? 0} clients`,
      );
  });
  await cdp.send('ServiceWorker.enable');
  page.on('request', (request) => {
    if (request.isNavigationRequest()) note(`navigation ${request.url()}`);
  });
  page.on('requestfailed', (request) => note(`failed ${request.url()}: ${request.failure()?.errorText}`));
  page.on('domcontentloaded', () => note(`domcontentloaded ${page.url()}`));
  page.on('load', () => note(`load ${page.url()}`));
  page.on('console', (message) => note(`console ${message.type()}: ${message.text()}`));
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a hook needs from it
test.afterEach(async ({}, testInfo) => {
  if (updateLog && testInfo.status !== testInfo.expectedStatus) {
    // A file beside the trace: the list reporter prints its path, where it cuts a text attachment short.
    const path = testInfo.outputPath('service-workers.log');
    await writeFile(path, updateLog.join('\n') + '\n');
    await testInfo.attach('service worker versions and documents', { path, contentType: 'text/plain' });
  }
  updateLog = undefined;
});

async function workerState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: Boolean(registration?.waiting),
      controlled: Boolean(navigator.serviceWorker.controller),
    };
  });
}

/**
 * Waits until the page has looked for a waiting version (src/browser/service-worker.ts registers the
 * worker after the load event, then asks or not). A second register() of the same script only
 * resolves with the registration, and the browser settles register() calls in the order they were
 * made: once this one has, the page's has, and whether to ask was decided in that same task.
 */
async function updateChecked(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  });
}

function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('pages');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The network is gone: every request the page or its service worker makes fails. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

test('pages a visitor opened stay readable offline; the others get the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await installed(page);
  await page.goto('/training');
  await page.goto('/blog');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('visual');
  await expect(page.getByRole('status').filter({ hasText: /found$/ })).toBeVisible();
  await page.goto(POST);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const manifest = await page.evaluate(async () => (await fetch('/blog/manifest.json')).ok);
  expect(manifest).toBe(true);

  // Never kept: the sign-in page and the admin's post manifest.
  const kept = await keptPages(page);
  expect(kept).toEqual(expect.arrayContaining(['/', '/training', POST]));
  expect(kept.filter((path) => /^\/(admin|login|cms)|manifest\.json/.test(path))).toEqual([]);

  await goOffline(context);
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/training/i);
  await expect(page.locator('#registration-form')).toBeVisible();
  await page.goto(POST);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Visual Schedules: A Practical Guide for Families',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Why visual schedules can help' })).toBeVisible();
  // The stylesheet came from the cache too: the page is styled, not bare HTML.
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');

  // A kept /blog can still be searched: its post list was kept with it.
  await page.goto('/blog');
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('visual');
  await expect(page.getByRole('status').filter({ hasText: /found$/ })).toBeVisible();
  await expect(page.getByText('The posts could not be loaded.')).toHaveCount(0);

  // A page never opened: the offline page, at the address asked for, listing what can be read.
  await page.goto('/services/life-skills');
  await expect(page).toHaveURL(/\/services\/life-skills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  const list = page.locator('[data-offline-list]');
  await expect(
    list.getByRole('link', { name: 'Visual Schedules: A Practical Guide for Families' }),
  ).toHaveAttribute('href', POST);
  await expect(list.locator('a[href="/training"]')).toBeVisible();
  await expect(list.locator('a[href^="/login"], a[href^="/admin"]')).toHaveCount(0);

  // The sign-in page and the manifest are never served from a kept copy.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  expect(
    await page.evaluate(() =>
      fetch('/blog/manifest.json').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
});

test('on a host that adds a trailing slash, pages read are found offline by their links', async ({
  page,
  context,
}) => {
  // Cloudflare Pages (and any host that adds the slash) answers `/training`, a folder's index.html,
  // with a redirect to `/training/`; every link of the site says `/training`.
  await context.route(
    (url) => url.pathname !== '/' && !url.pathname.endsWith('/') && !/\.\w+$/.test(url.pathname),
    (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({ status: 308, headers: { Location: `${url.pathname}/${url.search}` } });
    },
  );
  await page.goto('/training');
  await expect(page).toHaveURL(/\/training\/$/);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  // The first page, kept by the page script, and one read once the worker runs.
  await expect.poll(() => keptPages(page)).toContain('/training');
  await page.goto(POST);
  await expect(page).toHaveURL(new RegExp(`${POST}/$`));
  await expect.poll(() => keptPages(page)).toContain(POST);

  await goOffline(context);
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/training/i);
  await page.goto(POST);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Visual Schedules: A Practical Guide for Families',
  );
});

// @full-browser: the headless shell fetches lazy pictures at once, wherever they are.
test.describe("a post's pictures", { tag: '@full-browser' }, () => {
  // A screen between 1x and 2x: the file each picture shows depends on the density and on its
  // `sizes`; the one kept must be that one (src/lib/page/post-pictures.ts).
  test.use({ deviceScaleFactor: 1.5 });

  const REMOTE = 'https://pictures.example.org/far-down.png';

  /**
   * Adds two more of the site's optimised pictures (srcset and sizes as the build writes them, lazy)
   * and one from another site at the end of the post's text: far below the first screen, and pictures
   * this page does not otherwise show. Added to the page as the server sends it (the service worker
   * keeps what this route answers), so the test needs no particular post content. Returns the files
   * each of the site's two pictures can be shown from.
   */
  async function addPictures(context: BrowserContext, request: APIRequestContext): Promise<string[][]> {
    const post = await (await request.get(POST)).text();
    const tags = [...(await (await request.get('/blog')).text()).matchAll(/<img [^>]*>/g)].map(
      ([tag]) => tag,
    );
    const attribute = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
    const others = tags.filter((tag) => !post.includes(attribute(tag, 'src').split('.')[0]!)).slice(0, 2);
    expect(others).toHaveLength(2);
    const added = [
      '<p>More of the post to read before the pictures.</p>'.repeat(100),
      ...others.map(
        (tag) =>
          `<p><img src="${attribute(tag, 'src')}" srcset="${attribute(tag, 'srcSet')}" sizes="${attribute(tag, 'sizes')}" ` +
          'width="1200" height="675" alt="An added picture" loading="lazy" decoding="async" data-added=""></p>',
      ),
      `<p><img src="${REMOTE}" width="192" height="192" alt="A picture from another site" loading="lazy" decoding="async" data-added=""></p>`,
    ].join('');
    await context.route(`**${POST}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const end = html.indexOf('</div><footer', html.indexOf('data-post-content'));
      expect(end).toBeGreaterThan(0);
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers, body: html.slice(0, end) + added + html.slice(end) });
    });
    const remote = await readFile('public/icons/icon-192.png');
    await context.route(REMOTE, (route) => route.fulfill({ contentType: 'image/png', body: remote }));
    return others.map((tag) =>
      attribute(tag, 'srcSet')
        .split(', ')
        .map((candidate) => candidate.split(' ')[0]!),
    );
  }

  /** The addresses the service worker keeps in the pictures' caches. */
  function keptPictures(page: Page) {
    return page.evaluate(async () => {
      const names = async (cache: string) =>
        (await (await caches.open(cache)).keys()).map((kept) => kept.url);
      return { site: await names('pictures'), remote: await names('remote-pictures') };
    });
  }

  test('a post read online keeps its pictures for offline reading, even those never scrolled to', async ({
    page,
    context,
    request,
  }) => {
    const files = await addPictures(context, request);
    await page.goto('/');
    await installed(page);
    await page.goto(POST);
    await expect(page.locator('[data-post-content] img[data-added]')).toHaveCount(3);
    // Fetched once the page is idle, and kept: one size of each of the site's pictures, the other site's.
    for (const sizes of files) {
      await expect
        .poll(async () =>
          (await keptPictures(page)).site.filter((url) => sizes.includes(new URL(url).pathname)),
        )
        .toHaveLength(1);
    }
    await expect.poll(async () => (await keptPictures(page)).remote).toEqual([REMOTE]);

    await goOffline(context);
    await page.goto(POST);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Visual Schedules: A Practical Guide for Families',
    );
    // Every picture in the post's text shows when scrolled to offline: the size the page chose was kept.
    const pictures = page.locator('[data-post-content] img');
    expect(await pictures.count()).toBeGreaterThanOrEqual(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test('with Save-Data on, only the pictures the visitor saw are kept', async ({
    page,
    context,
    request,
  }) => {
    const files = await addPictures(context, request);
    await page.goto('/');
    await installed(page);
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
    );
    const settled = requestsSettle(context);
    const asked: string[] = [];
    context.on('request', (request) => {
      if (files.flat().includes(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto(POST);
    await expect(page.locator('[data-post-content] img[data-added]')).toHaveCount(3);
    // Past the moment the pictures would have been fetched (when the page is idle after its load) and
    // kept (every request of the page and its service worker done).
    await settled(page);
    expect(asked).toEqual([]);
    const kept = await keptPictures(page);
    expect(kept.remote).toEqual([]);
    expect(kept.site.filter((url) => files.flat().includes(new URL(url).pathname))).toEqual([]);

    // Offline, the pictures never scrolled to are missing (the page alone never fetches them).
    await goOffline(context);
    await page.goto(POST);
    const added = page.locator('[data-post-content] img[data-added]');
    await added.evaluateAll((images: HTMLImageElement[]) =>
      images.forEach((image) => (image.loading = 'eager')),
    );
    await expect
      .poll(() => added.evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.complete)))
      .toEqual([true, true, true]);
    expect(
      await added.evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.naturalWidth)),
    ).toEqual([0, 0, 0]);
  });
});

test('a new version waits for the visitor: "Not now" keeps the page, "Reload" switches', async ({ page }) => {
  test.setTimeout(30_000 + INSTALL.timeout + TAKEOVER.timeout);
  await recordUpdate(page);
  // The visitor's browser runs an older version of the worker (another script address stands in
  // for other contents: the browser sees a new version either way, and no server change is needed).
  await openBlankSitePage(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=older', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const prompt = page.locator('[data-update-card]');
  // The site's page registers the current version, which installs and waits.
  await page.goto('/training');
  const name = page.locator('#registration-form').getByLabel(/^Full name/);
  await name.fill('Typed before the update');
  await name.focus();
  await expect.poll(() => workerState(page), INSTALL).toEqual({ waiting: true, controlled: true });

  // Asked politely: announced in a status region, focus stays where the visitor is.
  const status = page.getByRole('status').filter({ hasText: 'A new version of this site is ready' });
  await expect(status).toBeVisible();
  await expect(name).toBeFocused();
  await expect(status.getByRole('button', { name: 'Reload' })).toBeVisible();

  // While it is shown, the prompt keeps its height free at the bottom: even the page's last link,
  // focused, comes to rest above it rather than under it (WCAG 2.4.11).
  const lastLink = page.locator('footer a').last();
  await lastLink.focus();
  await expect
    .poll(async () => {
      const [link, card] = await Promise.all([lastLink.boundingBox(), prompt.boundingBox()]);
      return link!.y + link!.height <= card!.y;
    })
    .toBe(true);
  await name.focus();

  // "Not now" (reached with Tab, or a screen reader): the prompt goes, focus returns to the field, and
  // the page keeps working as it is, with the new version still waiting.
  await status.getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(prompt).toBeHidden();
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Typed before the update');
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
  ).toBe(true);
  // Not asked again on every page of this visit.
  await page.goto('/');
  await updateChecked(page);
  await expect(prompt).toBeHidden();

  // Next visit: asked again; Escape is "Not now" too, then "Reload" switches to the new version.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(prompt).toBeVisible();
  await status.getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(page.locator('#main-content')).toBeFocused();
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  // With something typed, the first Reload only warns that it would be cleared; the second reloads.
  const message = page.locator('#contact-form').getByLabel(/^Message/);
  await message.fill('Half a question about group sessions');
  await status.getByRole('button', { name: 'Reload' }).click();
  await expect(status).toContainText('Reloading clears what you have typed on this page.');
  await expect(message).toHaveValue('Half a question about group sessions');
  const reloaded = page.waitForEvent('load');
  await status.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(prompt).toBeHidden();
  await expect.poll(() => workerState(page), TAKEOVER).toEqual({ waiting: false, controlled: true });
});

test('on a very short window, the new-version prompt starts in sight and scrolls inside', async ({
  page,
}) => {
  test.setTimeout(30_000 + INSTALL.timeout);
  await page.setViewportSize({ width: 320, height: 180 }); // a 1280 x 720 screen at 400 %
  await openBlankSitePage(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=older', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  await page.goto('/training');
  await page
    .locator('#registration-form')
    .getByLabel(/^Full name/)
    .fill('Typed before the update');
  const status = page.getByRole('status').filter({ hasText: 'A new version of this site is ready' });
  await expect(status).toBeVisible(INSTALL);
  // With something typed, Reload first adds its warning, which made the card taller still.
  await status.getByRole('button', { name: 'Reload' }).click();
  await expect(status).toContainText('Reloading clears what you have typed on this page.');
  // Fixed to the bottom, the card grew upward: its question was above the window's top, out of reach.
  const card = page.locator('[data-update-card]');
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(180);
  await expect(card.getByText('A new version of this site is ready. Reload to see it?')).toBeInViewport();
  // The buttons, further down, scroll into sight inside the card when reached with Tab.
  await status.getByRole('button', { name: 'Not now' }).focus();
  await expect(status.getByRole('button', { name: 'Not now' })).toBeInViewport();
});

test('"Reload" does not wait for the old version to finish a slow request', async ({ page, context }) => {
  test.setTimeout(30_000 + INSTALL.timeout + TAKEOVER.timeout);
  await recordUpdate(page);
  await openBlankSitePage(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=older', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  await page.goto('/');
  const status = page.getByRole('status').filter({ hasText: 'A new version of this site is ready' });
  await expect.poll(() => workerState(page), INSTALL).toEqual({ waiting: true, controlled: true });
  await expect(status).toBeVisible();
  // A picture on a weak connection: the old worker is still answering it when Reload is pressed, and
  // browsers let a new worker take over only once the old one has nothing in flight.
  let requestHeld!: () => void;
  const held = new Promise<void>((resolve) => (requestHeld = resolve));
  let answerTheSlowRequest!: () => void;
  const answered = new Promise<void>((resolve) => (answerTheSlowRequest = resolve));
  await context.route('**/slow-picture.webp', async (route) => {
    requestHeld();
    await answered;
    await route.fulfill({ status: 200, contentType: 'image/webp', body: '' });
  });
  await page.evaluate(() => void fetch('/_astro/slow-picture.webp').catch(() => {}));
  await held;

  const reloaded = page.waitForEvent('load');
  await status.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('[data-update-card] p')).toHaveText('Reloading...');
  await reloaded; // the page reloads all the same, a few seconds later
  // The visitor already said yes: not asked again while the old version finishes.
  await updateChecked(page);
  await expect(page.locator('[data-update-card]')).toBeHidden();
  expect(await workerState(page)).toEqual({ waiting: true, controlled: true });
  answerTheSlowRequest();
  await expect.poll(() => workerState(page), TAKEOVER).toEqual({ waiting: false, controlled: true });
});

test('the web app manifest names the practice and has icons made from its artwork', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Bright Path ABA Therapy & Training',
    short_name: 'Bright Path ABA',
    start_url: '/',
    theme_color: '#0b6b63',
  });
  expect(
    manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`),
  ).toEqual(['any any', '192x192 any', '512x512 any', '512x512 maskable']);
  // The site's own SVG first (browsers that take SVG need no second download during a first visit),
  // then PNGs for the platforms that need them.
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
  expect(manifest.icons[0]).toMatchObject({ src: '/favicon.svg', type: 'image/svg+xml' });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
});
