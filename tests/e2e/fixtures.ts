import axeCore, { type AxeResults, type RunOptions } from 'axe-core';
import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { CONTRAST_MODES, LARGEST_PREFERENCES, type ContrastMode } from './pages';
import { PREFERENCES_STORAGE_KEY } from '../../src/lib/page/a11y-preferences';

/**
 * Nothing a test's pages ask for reaches the network or a developer's own servers: the tests' Chromium
 * resolves no host name but 127.0.0.1 (OFF_SITE_REFUSED in tools/test-setup.mjs, decision 0052), for
 * every page, popup and worker, without Playwright's request interception, which a route would turn
 * on for every request (and with it the browser's cache off). A test that exercises a form endpoint
 * or an outside service routes that address itself. Checked once per worker, so a browser launched
 * without the rule fails every test rather than reaching out.
 */
export const test = base.extend<object, { offSiteRefused: void }>({
  offSiteRefused: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      // The admin looks for decap-server on localhost:8081 (src/lib/publish/connection.ts).
      for (const address of ['https://example.com/', 'http://localhost:8081/']) {
        const page = await context.newPage(); // a page of its own: a failed load ends in an error page
        const failure = await page.goto(address).then(
          () => 'answered',
          (error: Error) => error.message,
        );
        expect(failure, `${address} must not be reachable from the tests' Chromium`).toContain(
          'net::ERR_NAME_NOT_RESOLVED',
        );
      }
      await context.close();
      await use();
    },
    { auto: true, scope: 'worker' },
  ],
});

export { expect };

/**
 * Opens a blank page of the site's own origin, where none of the site's scripts run: for a test
 * that reads or writes this origin's storage, or registers a worker, directly. No file of the site
 * can serve: files that are not pages are sandboxed, with an origin of their own
 * (src/integrations/inert-files.mjs).
 */
export async function openBlankSitePage(page: Page): Promise<void> {
  const blank = '/__e2e/blank';
  const answer = (route: Route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Blank</title>' });
  await page.route(blank, answer);
  await page.goto(blank);
  // Routed only while it loads: a route left in place keeps request interception, and the cache
  // off, for the rest of the test (decision 0052).
  await page.unroute(blank, answer);
}

/**
 * Waits until what the page has started has had its effect, so a test can check that nothing ran:
 * the page's load event, every picture in view (or not lazy) loaded or failed, then a rendering
 * frame and a task, so the handlers and javascript: navigations those events and the last clicks
 * queued have run. A lazy picture out of view, or not rendered, never loads or fails. The pictures
 * are looked at afresh on each poll: one an island removed or replaced meanwhile (the 404 page's
 * content giving way to a stored post) never fires an event, and waiting on it hung a CI run.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          // No answer within a second (a picture taken out meanwhile) counts as pending: asked again.
          const inView = (element: Element) =>
            new Promise<boolean>((resolve) => {
              const observer = new IntersectionObserver(([entry]) => {
                observer.disconnect();
                resolve(entry?.isIntersecting ?? false);
              });
              observer.observe(element);
              setTimeout(() => {
                observer.disconnect();
                resolve(true);
              }, 1_000);
            });
          const pending = await Promise.all(
            [...document.images].map(async (image) =>
              !image.complete && (image.loading !== 'lazy' || (await inView(image))) && !image.complete
                ? image.currentSrc || image.src
                : null,
            ),
          );
          return pending.filter(Boolean);
        }),
      { message: 'pictures in view still loading', intervals: [25], timeout: 20_000 },
    )
    .toEqual([]);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/**
 * Counts what the context's pages and service workers have asked for and not yet had, from now on,
 * and returns a wait for a page to settle: none left once its load, its pictures in view, a frame, a
 * task and an idle moment have passed (an idle callback queued after the page's own, so what the page
 * starts when idle has started; a chunk that arrives may ask for another), instead of a fixed time
 * of a quiet network.
 */
export function requestsSettle(context: BrowserContext): (page: Page) => Promise<void> {
  // The requests themselves, not a count: one asked for before now may end after it.
  const inFlight = new Set<Request>();
  context.on('request', (request) => inFlight.add(request));
  const done = (request: Request) => inFlight.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return async (page) => {
    do {
      // A cap, not a wait: a loaded machine has taken more than expect's 5 s to answer a page's
      // requests (the CSP loop's search, once in CI).
      await expect.poll(() => inFlight.size, { intervals: [25], timeout: 20_000 }).toBe(0);
      await pageSettled(page);
      // Islands that hydrate when the page is idle (client:idle) have started by then.
      await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
    } while (inFlight.size > 0);
  };
}

/** Signing in runs 600,000 PBKDF2 iterations: slower than expect's 5 s on a loaded machine. */
export const SIGNED_IN = { timeout: 20_000 };

/** Fills the open sign-in form (the test build's admin by default) and presses "Sign in". */
export async function fillSignIn(
  page: Page,
  username = E2E_ADMIN.username,
  password = E2E_ADMIN.password,
): Promise<void> {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in with the test build's admin account and waits for the post list and its "Sign out". */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page);
  await expect(page).toHaveURL(/\/admin\/posts$/, SIGNED_IN);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * Chooses a radio button or checkbox of an island that hydrates on interaction (client:interact):
 * a press made while it is still loading is held and replayed once it has (decision 0001), so the
 * state changes a moment after the click, which Playwright's check() does not wait for ("Clicking
 * the checkbox did not change its state" under load). The outcome is waited for instead.
 */
export async function choose(control: Locator): Promise<void> {
  await control.click();
  await expect(control).toBeChecked();
}

/** Pastes HTML into an editable element as a browser paste event does (what a word processor puts on the clipboard). */
export async function pasteHtml(target: Locator, html: string, plainText: string): Promise<void> {
  await target.evaluate(
    (element, [htmlData, textData]) => {
      const data = new DataTransfer();
      data.setData('text/html', htmlData!);
      data.setData('text/plain', textData!);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [html, plainText],
  );
}

/** The one axe rule set of every e2e check: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/**
 * axe-core's script, configured as its Playwright library configures it for a run inside the page.
 * It is put into a document once, before its first run there (decision 0045): putting it in again
 * before every run, as that library does, cost about 0.45 s a run, most of a run's time.
 */
const AXE_SCRIPT = `${axeCore.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * axe-core run inside the page (decision 0043: the site's pages hold no frame), on `include` (a
 * selector) or the whole document. Only the violations are reported in full: axe gives every node
 * of every result type a unique selector, and the passes were a third of a run's time.
 */
async function runAxe(page: Page, rules: RunOptions['runOnly'], include?: string): Promise<AxeResults> {
  const run = { include: include ?? null, options: { runOnly: rules, resultTypes: ['violations'] } };
  const inPage = ({ include, options }: typeof run) =>
    'axe' in window ? (window.axe as typeof axeCore).run(include ?? document, options as RunOptions) : null;
  // A navigation leaves a document without axe: it goes in on the first run after one.
  const results = await page.evaluate(inPage, run);
  if (results) return results;
  await page.evaluate(AXE_SCRIPT);
  return (await page.evaluate(inPage, run))!;
}

/**
 * The rules of AXE_TAGS whose result a contrast mode can change on the same DOM: the modes swap
 * colour variables, underline links (high) and dim pictures (dark), nothing else (decision 0037).
 */
export const AXE_COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe-core's findings on the page (or the part `include` selects) as it is now, with reduced motion
 * (animations finished): every rule of AXE_TAGS, or only AXE_COLOUR_RULES.
 */
export async function axeViolations(
  page: Page,
  { include, colourOnly = false }: { include?: string; colourOnly?: boolean } = {},
): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const rules: RunOptions['runOnly'] = colourOnly
    ? { type: 'rule', values: [...AXE_COLOUR_RULES] }
    : { type: 'tag', values: [...AXE_TAGS] };
  const results = await runAxe(page, rules, include);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core on the page as it is now, with reduced motion (animations finished), at WCAG 2.2 AA. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, { include })).toEqual([]);
}

/**
 * Switches the open page to a contrast mode as the accessibility panel does (the stored preference
 * and html[data-contrast]: src/lib/page/a11y-preferences.ts), then waits until the colour
 * transitions the switch started have ended, so axe measures the mode's own colours.
 */
export async function switchContrast(page: Page, mode: ContrastMode): Promise<void> {
  await page.evaluate(async (contrast) => {
    const key = 'a11y-preferences';
    let stored: unknown = {};
    try {
      stored = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    } catch {
      // A stored value that is not JSON: the page took the defaults too.
    }
    sessionStorage.setItem(key, JSON.stringify({ ...(stored as object), contrast }));
    document.documentElement.dataset.contrast = contrast;
    // getAnimations() brings the styles up to date first, so it lists the transitions just started.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  }, mode);
}

/**
 * axe-core's findings on the page as it is now in each contrast mode, in the order given: the page
 * stays as it is (a dialog open, an error shown) while the mode changes between runs, and ends in
 * the mode it was in. The first mode runs every rule; the others only AXE_COLOUR_RULES, since a
 * switch changes colours on the same DOM and no other rule's result (decision 0037).
 */
export async function axeViolationsInModes(
  page: Page,
  modes: readonly ContrastMode[],
): Promise<[ContrastMode, string[]][]> {
  const contrast = async () => (await page.locator('html').getAttribute('data-contrast')) as ContrastMode;
  const before = await contrast();
  const found: [ContrastMode, string[]][] = [];
  for (const [i, mode] of modes.entries()) {
    if (mode !== (await contrast())) await switchContrast(page, mode);
    found.push([mode, await axeViolations(page, { colourOnly: i > 0 })]);
  }
  if ((await contrast()) !== before) await switchContrast(page, before);
  return found;
}

/**
 * axe-core on the page as it is now in each contrast mode, one load for all of them
 * (axeViolationsInModes). Each mode's findings are a soft expectation named after `where` and the
 * mode, so a failure says which page and mode, and every other page and mode is still checked.
 */
export async function expectNoAxeViolationsInModes(
  page: Page,
  where: string,
  modes: readonly ContrastMode[] = CONTRAST_MODES,
): Promise<void> {
  for (const [mode, violations] of await axeViolationsInModes(page, modes))
    expect.soft(violations, `axe on ${where} in ${mode} contrast`).toEqual([]);
}

/** Every page the test opens from now on starts with every setting of the accessibility panel at its largest. */
export async function withLargestSettings(page: Page): Promise<void> {
  await page.addInitScript(([key, stored]) => sessionStorage.setItem(key, stored), [
    PREFERENCES_STORAGE_KEY,
    JSON.stringify(LARGEST_PREFERENCES),
  ] as const);
}

/**
 * The words inside `root` that a line break cuts between two letters although the word, whole, is
 * no wider than `root`'s content box: a wrap at a space (or a layout that lets the word have its
 * line) was possible. With `widerToo`, every cut word, however wide: for text whose size the layout
 * keeps within the line (headings). A break after a hyphen, a slash or an '@' is a wrap, not a cut.
 * Hidden text is left out.
 */
export function wordsCutMidWord(root: Locator, { widerToo = false } = {}): Promise<string[]> {
  return root.evaluate((element, widerToo) => {
    const style = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const cut: string[] = [];
    const range = document.createRange();
    const box = (node: Text, at: number) => {
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getClientRects()[0];
    };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.parentElement?.checkVisibility({ visibilityProperty: true })) continue;
      for (const match of (node.data ?? '').matchAll(/\S+/g)) {
        const start = match.index;
        const boxes = [...match[0]].map((_, i) => box(node, start + i));
        const width = boxes.reduce((sum, b) => sum + (b?.width ?? 0), 0);
        const brokenInside = boxes.some(
          (b, i) =>
            i > 0 &&
            !!b &&
            !!boxes[i - 1] &&
            b.top > boxes[i - 1]!.top + boxes[i - 1]!.height / 2 &&
            !/[-/@]/.test(match[0][i - 1]!),
        );
        if (brokenInside && (widerToo || width <= room)) cut.push(match[0]);
      }
    }
    return cut;
  }, widerToo);
}

/**
 * Waits until the panel's easy-to-read font has come in its regular and bold faces, for a test that
 * measures words set in it (document.fonts.ready can resolve before a face the panel's opening
 * asked for has started to load).
 */
export async function readableFontLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        ['16px', 'bold 16px'].every((font) => document.fonts.check(`${font} "Atkinson Hyperlegible"`)),
      ),
    )
    .toBe(true);
}
