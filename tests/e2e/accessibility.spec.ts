import {
  expect,
  expectNoAxeViolationsInModes,
  readableFontLoaded,
  test,
  withLargestSettings,
} from './fixtures';
import type { Page } from '@playwright/test';
import { PREFERENCES_STORAGE_KEY } from '../../src/lib/page/a11y-preferences';
import { CONTRAST_MODES, PAGES_WITH_THEIR_RULES, PUBLIC_PAGES } from './pages';

/** Every page the test opens starts with the panel's largest text (150 %). */
const withLargestText = (page: Page) =>
  page.addInitScript(
    (key) => sessionStorage.setItem(key, JSON.stringify({ textSize: 150 })),
    PREFERENCES_STORAGE_KEY,
  );

// The panel's largest text on the narrowest screen WCAG asks for (320 CSS px): nothing may need
// sideways scrolling, and the header, grown to two rows, stays fixed only while it takes at most a
// fifth of the window.
test.describe('the largest text at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of [
    ...PUBLIC_PAGES,
    '/blog',
    '/blog/visual-schedules-a-practical-guide-for-families',
    '/login',
  ]) {
    test(`${path} reflows at 150 % text`, async ({ page }) => {
      await withLargestText(page);
      // The page itself, not the 404 page standing in for an address the build has not.
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveCSS('font-size', '24px');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const menu = page.getByRole('button', { name: 'Menu' });
      const box = (await menu.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      // Fixed only while it takes at most a fifth of the window (two rows took more while the
      // spacing grew with the text); scrolled away, nothing to keep clear at the top but the usual
      // 1.5rem, fixed, its height as well.
      await expect
        .poll(() =>
          page.locator('[data-site-header]').evaluate((header) => {
            const height = (header as HTMLElement).offsetHeight;
            const scrollsAway = height > window.innerHeight / 5;
            return {
              scrollsAway: header.hasAttribute('data-static') === scrollsAway,
              padding:
                getComputedStyle(document.documentElement).scrollPaddingTop ===
                `${(scrollsAway ? 0 : height) + 36}px`,
            };
          }),
        )
        .toEqual({ scrollsAway: true, padding: true });
    });
  }

  // The pages that carry their first screen's rules show it before the whole stylesheet has come
  // (after the largest paint); what waits for it, hidden, must not widen the page meanwhile either.
  test('every page that carries its own first-screen rules reflows at 150 % text before the stylesheet has come', async ({
    page,
  }) => {
    await withLargestText(page);
    await page.route('**/_astro/*.css', () => {
      // Never answered: only the page's own rules style it.
    });
    for (const path of PAGES_WITH_THEIR_RULES) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('html')).toHaveCSS('font-size', '24px');
      await expect(page.locator('html:not([data-styled]) body > footer')).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });

  // An address has no space to wrap at: it broke wherever the line ended ('hello@example.co|m').
  test('an e-mail address wraps after its @ or before a dot, not inside a name, with every setting at its largest', async ({
    page,
  }) => {
    await withLargestSettings(page);
    for (const path of ['/', '/privacy']) {
      await page.goto(path);
      await readableFontLoaded(page);
      const addresses = page.locator('main a[href^="mailto:"], footer a[href^="mailto:"]');
      expect(await addresses.count(), path).toBeGreaterThan(0);
      for (const address of await addresses.all()) {
        // Each line break inside the address: after its '@', before a '.' of its domain, or inside a
        // part (the name with its '@', each name of the domain with its dot) too wide for the line.
        const cuts = await address.evaluate((link) => {
          const line = link.parentElement!;
          const style = getComputedStyle(line);
          const room = line.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const range = document.createRange();
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          const chars: { char: string; box: DOMRect }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.textContent!.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              chars.push({ char: node.textContent![i]!, box: range.getClientRects()[0]! });
            }
          }
          const text = chars.map(({ char }) => char).join('');
          const at = text.lastIndexOf('@') + 1;
          const width = (from: number, to: number) =>
            chars.slice(from, to).reduce((sum, { box }) => sum + box.width, 0);
          const wraps = [0, at, ...[...text].flatMap((char, i) => (i > at && char === '.' ? [i] : []))];
          const partWidth = (i: number) => {
            const start = wraps.findLast((wrap) => wrap <= i)!;
            return width(start, wraps.find((wrap) => wrap > i) ?? text.length);
          };
          return chars.flatMap(({ box }, i) => {
            const previous = chars[i - 1]?.box;
            const newLine = previous && box.top > previous.top + previous.height / 2;
            return newLine && !wraps.includes(i) && partWidth(i) <= room
              ? [`${text.slice(0, i)}|${text.slice(i)}`]
              : [];
          });
        });
        expect(cuts, path).toEqual([]);
      }
    }
  });

  // The <wbr>s that let an address wrap are spaces in Chromium's accessible name ('hello@ example
  // .com'), which a braille display shows and voice control expects to hear. Read from Chromium's
  // own tree (what screen readers get): Playwright's name computation skips <wbr> either way.
  test("an e-mail link's name is its address, without the spaces of its wrapping points", async ({
    page,
  }) => {
    for (const path of ['/', '/privacy']) {
      await page.goto(path);
      // The footer is hidden, so out of the tree, until the whole stylesheet has come (home links it).
      if (path !== '/') await expect(page.locator('html[data-styled]')).toHaveCount(1);
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { role?: { value?: string }; name?: { value?: string } }[];
      };
      const names = nodes
        .filter((node) => node.role?.value === 'link' && String(node.name?.value ?? '').includes('@'))
        .map((node) => String(node.name!.value));
      const addresses = await page
        .locator('a[href^="mailto:"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!.slice('mailto:'.length)));
      expect(addresses.length, path).toBeGreaterThan(0);
      expect(names.sort(), path).toEqual(addresses.sort());
      await cdp.detach();
    }
  });

  test('at 100 % text the header stays fixed', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-site-header]')).not.toHaveAttribute('data-static');
    await expect(page.locator('[data-site-header]')).toHaveCSS('position', 'fixed');
    // A scrolled-to heading or a focused field stops below the fixed header (its measured height).
    const height = await page
      .locator('[data-site-header]')
      .evaluate((header) => (header as HTMLElement).offsetHeight);
    expect(height).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveCSS('scroll-padding-top', `${height + 16 * 1.5}px`);
  });
});

// The accessibility panel's round button floats over the page's bottom right corner. Content scrolls
// clear of it, but the page's end cannot: at 320 px (and a 1280 x 720 screen at 400 %) with every
// setting at its largest, the footer's last words ('rights reserved.') stayed under it for good.
test('at the page’s end, no text lies under the accessibility button, with every setting at its largest', async ({
  page,
}) => {
  await withLargestSettings(page);
  const button = page.getByRole('button', { name: 'Accessibility options', exact: true });
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 320, height: 180 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/training', '/blog', '/no-such-page']) {
      expect(PAGES_WITH_THEIR_RULES).toContain(path);
      await page.goto(path);
      // The footer shows once the whole stylesheet has come (these pages carry their first screen's
      // rules): only then is the page's end where it stays.
      await expect(page.locator('html[data-styled]')).toHaveCount(1);
      await readableFontLoaded(page);
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      const covered = await button.evaluate((element) => {
        const round = element.getBoundingClientRect();
        const range = document.createRange();
        const under: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || element.closest('aside')?.contains(node)) continue;
          range.selectNodeContents(node);
          for (const line of range.getClientRects())
            if (
              line.left < round.right &&
              line.right > round.left &&
              line.top < round.bottom &&
              line.bottom > round.top
            )
              under.push(node.textContent.trim());
        }
        return under;
      });
      expect(covered, `${path} at ${viewport.width} x ${viewport.height}`).toEqual([]);
    }
  }
});

// The panel's largest spacing grows the header to two or three rows: it covered each page's first
// heading or link (the focused "Back to Home" lay under "Book Consultation"; WCAG 1.4.12, 2.4.11).
test('the header never covers a page’s first heading or link, at the panel’s largest spacing', async ({
  page,
}) => {
  const firstClearOfHeader = () =>
    page.evaluate(() => {
      const header = document.querySelector('[data-site-header]')!.getBoundingClientRect();
      const first = [...document.querySelectorAll('main h1, main a[href], main button, main input')].find(
        (element) => element.getClientRects().length > 0,
      )!;
      const box = first.getBoundingClientRect();
      const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { clear: box.top >= header.bottom, seen: !!seen && (first === seen || first.contains(seen)) };
    });
  // At the usual sizes the pages' own room is enough: nothing is added.
  for (const path of ['/services/life-skills', '/blog']) {
    await page.goto(path);
    await expect.poll(firstClearOfHeader).toEqual({ clear: true, seen: true });
    expect(await page.locator('main').evaluate((main) => main.style.paddingTop), path).toBe('');
  }
  for (const [viewport, preferences] of [
    [{ width: 1440, height: 900 }, { letterSpacing: 5 }],
    [
      { width: 390, height: 844 },
      { textSize: 150, lineHeight: 2 },
    ],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const path of ['/services/life-skills', '/training', '/blog', '/']) {
      await page.goto(path);
      await page.evaluate(
        (stored) => sessionStorage.setItem('a11y-preferences', stored),
        JSON.stringify(preferences),
      );
      // Opened afresh at its top: a reload puts the page back where it was, as Chromium finds it
      // from an element on it, which the larger text has moved.
      await page.goto(path);
      await expect.poll(firstClearOfHeader, { message: `${path} at ${viewport.width} px` }).toEqual({
        clear: true,
        seen: true,
      });
    }
  }
});

// axe-core on every public page and the 404 page in each contrast mode, at the project's width
// (desktop and phone): one load per page, the modes switched between axe runs. Each page loads in
// one mode stored before it opens (in turn across the pages), so the head script's applying a
// stored mode before first paint is checked for every mode too.
const AXE_PAGES = [...PUBLIC_PAGES, '/no-such-page'];
for (const [index, path] of AXE_PAGES.entries()) {
  test(`${path} has no axe violations in any contrast mode`, { tag: '@layout' }, async ({ page }) => {
    const stored = CONTRAST_MODES[index % CONTRAST_MODES.length]!;
    await page.addInitScript((contrast) => {
      sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast }));
    }, stored);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-contrast', stored);
    // Reveal animations finish (reduced motion) before contrast is measured.
    await expectNoAxeViolationsInModes(page, path, [stored, ...CONTRAST_MODES.filter((m) => m !== stored)]);
  });
}
