// What a screen-reader user hears, in Chromium (issue 31; docs/development.md, "Spoken-output
// tests"): the same virtual screen reader as the component tests (@guidepup/virtual-screen-reader,
// its browser build), put into each page before the page's own scripts run. An init script is not
// subject to the page's Content-Security-Policy, so the site's policy stays as it is served.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);

/** The browser build (an ES module) as a classic script that sets window.__virtualScreenReader. */
const readerScript = transformSync(
  readFileSync(require.resolve('@guidepup/virtual-screen-reader/browser.js'), 'utf8'),
  {
    format: 'iife',
    globalName: '__virtualScreenReader',
  },
).code;

/**
 * Put into every page: the reader, listening from the moment the page's content is parsed, so what
 * a page says as it opens (the admin's "Saved" message after a save) is heard too.
 */
const initScript = `${readerScript}
window.__virtualScreenReader = __virtualScreenReader; // Playwright runs this inside a function
document.addEventListener('DOMContentLoaded', () => {
  window.__spokenStarted = __virtualScreenReader.virtual.start({ container: document.body });
});`;

declare global {
  interface Window {
    __virtualScreenReader: typeof import('@guidepup/virtual-screen-reader');
    __spokenStarted?: Promise<void>;
  }
}

/** Makes the virtual screen reader available in every page this `page` opens. */
export async function installScreenReader(page: Page): Promise<void> {
  await page.addInitScript({ content: initScript });
}

/**
 * Announcements the virtual reader makes that no browser passes on. An emptied region ("polite: ")
 * says nothing. The reader says a live region's whole text, hidden parts included, whenever anything
 * in it changes, attributes too, and it treats role="alertdialog" (a confirmation) as an assertive
 * region: so it "says" a closed confirmation when React updates it, and the hidden update prompt when
 * the mobile menu makes the page behind it inert. Hidden content is outside a browser's
 * accessibility tree. An open confirmation is heard when focus enters it ("alertdialog, …"); the
 * update prompt's own announcement is checked in tests/component/SpokenNotices.test.tsx.
 */
const PHANTOMS = [
  'assertive: Delete this post?',
  'assertive: Replace existing posts?',
  'assertive: Remove this post from the website?',
  'assertive: Sign in to GitHub to publish',
  'polite: A new version of this site is ready.',
];
const notSaid = (phrase: string) =>
  /^(polite|assertive): $/.test(phrase) || PHANTOMS.some((start) => phrase.startsWith(start));

/** What the reader said, without what no browser would pass on. */
function spoken(page: Page): Promise<string[]> {
  return page
    .evaluate(() => window.__virtualScreenReader.virtual.spokenPhraseLog())
    .then((log) => log.filter((phrase) => !notSaid(phrase)));
}

const seen = new WeakMap<Page, number>();

/** From now on: what `heard` and `expectHeard` return starts here (call it again after a navigation). */
export async function listen(page: Page, { fromPageStart = false } = {}): Promise<void> {
  await page.waitForFunction(() => window.__spokenStarted !== undefined);
  await page.evaluate(() => window.__spokenStarted);
  seen.set(page, fromPageStart ? 0 : (await spoken(page)).length);
}

/** Everything said since the previous look, in order. */
export async function heard(page: Page): Promise<string[]> {
  const log = await spoken(page);
  const fresh = log.slice(seen.get(page) ?? 0);
  seen.set(page, log.length);
  return fresh;
}

/**
 * Waits until the user has heard exactly `expected` since the last look, then, two frames later,
 * checks that nothing else came: an announcement missing, out of order or said twice fails.
 */
export async function expectHeard(page: Page, expected: string[], timeout = 5000): Promise<void> {
  const start = seen.get(page) ?? 0;
  await expect.poll(async () => (await spoken(page)).slice(start), { timeout }).toEqual(expected);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  expect(await heard(page)).toEqual(expected);
}

/**
 * The screen reader's "say the focused item" command (NVDA+Tab, VoiceOver's VO+F3): focus leaves and
 * comes back, so the virtual screen reader says the item again with its current state. It says
 * changes of the focused item's own state (a toggle pressed) no other way.
 */
export async function sayFocusedItem(page: Page): Promise<void> {
  await page.evaluate(() => {
    const item = document.activeElement;
    if (!(item instanceof HTMLElement)) throw new Error('nothing has focus');
    item.blur();
    item.focus();
  });
}
