import { expect, readableFontLoaded, test, withLargestSettings, wordsCutMidWord } from './fixtures';
import { PREFERENCE_LIMITS } from '../../src/lib/page/a11y-preferences';
import type { Locator, Page } from '@playwright/test';

test.describe('layout and navigation', () => {
  test(
    'the skip link is the first tab stop and moves focus to the main content',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/training');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
    },
  );

  for (const path of ['/', '/blog']) {
    test(
      `the header on ${path} is transparent at the top and white with a shadow once scrolled`,
      { tag: '@layout' },
      async ({ page }) => {
        await page.goto(path);
        const header = page.locator('[data-site-header]');
        const look = () =>
          header.evaluate((el) => {
            const style = getComputedStyle(el);
            return { background: style.backgroundColor, shadow: style.boxShadow };
          });
        await expect(header).not.toHaveAttribute('data-scrolled');
        await expect.poll(look).toEqual({ background: 'rgba(0, 0, 0, 0)', shadow: 'none' });
        await page.mouse.wheel(0, 800);
        await expect(header).toHaveAttribute('data-scrolled', '');
        await expect.poll(async () => (await look()).background).toBe('rgb(255, 255, 255)');
        expect((await look()).shadow).not.toBe('none');
      },
    );
  }

  test('printed, the header is there once without its controls, and no section is left blank', async ({
    page,
  }) => {
    const style = (locator: Locator, property: 'position' | 'opacity' | 'breakAfter') =>
      locator.evaluate((el, name) => getComputedStyle(el)[name], property);
    await page.goto('/');
    const header = page.locator('[data-site-header]');
    // Below the first screen and never scrolled to: on screen it waits to be revealed.
    const unseen = page.locator('#team [data-reveal]').first();
    expect(await style(unseen, 'opacity')).toBe('0');
    await page.emulateMedia({ media: 'print' });
    // A fixed header is printed on every page, over its first lines.
    expect(await style(header, 'position')).toBe('absolute');
    await expect(header.getByRole('link', { name: 'Bright Path ABA' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Book Consultation' })).toBeHidden();
    await expect(header.getByRole('navigation')).toBeHidden();
    expect(await style(unseen, 'opacity')).toBe('1');
    expect(await style(page.locator('#team h2'), 'breakAfter')).toBe('avoid');
  });

  test('the footer shows the visitor’s current year, not the build year', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-06-15T12:00:00Z'));
    await page.goto('/training');
    await expect(page.locator('footer')).toContainText('© 2031');
  });
});

// The desktop header holds these links (desktop only); the phone menu is tested below.
test.describe('anchor navigation', () => {
  test('Contact from another page goes home, scrolls to the form and focuses its first input', async ({
    page,
  }) => {
    await page.goto('/training');
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact-name')).toBeFocused();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('Services from another page lands on the services section', async ({ page }) => {
    await page.goto('/services/life-skills');
    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('on the home page, section links scroll without reloading and Home scrolls to the top', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole('banner').getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.locator('#team')).toBeInViewport();
    await expect(page).toHaveURL(/#team$/);
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test('Book Consultation and Get Started lead to the contact form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page.locator('#contact-name')).toBeFocused();
    await page.goto('/training');
    await page.getByRole('banner').getByRole('link', { name: 'Book Consultation' }).click();
    await expect(page.locator('#contact-name')).toBeFocused();
  });

  test('Learn More scrolls to the services', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page.locator('#services')).toBeInViewport();
  });
});

// The slide-in menu is for small screens: the phone project only (playwright.config.ts).
test.describe('mobile menu', { tag: '@phone-only' }, () => {
  test('opens as a dialog, traps focus, closes on Escape and returns focus to its button', async ({
    page,
  }) => {
    await page.goto('/training');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Home',
      'Services',
      'Our Approach',
      'Team',
      'Training',
      'Blog',
      'Contact',
      'Book Consultation',
    ]) {
      await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // Focus stays inside while it is open.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the first tap opens the menu even before React has loaded', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu', exact: true })).toBeVisible();
  });

  // Its own code, or Astro's island runtime (a file on the public pages: decision 0048); each pattern
  // also matches the retry's address (?astro-retry=..., ?retry=...).
  for (const { missing, file } of [
    { missing: 'its code', file: /\/_astro\/MobileMenu\.[^/?]+\.js(\?.*)?$/ },
    { missing: "Astro's island runtime", file: /\/_astro\/astro-island\.[^/?]+\.js(\?.*)?$/ },
  ]) {
    test(`when ${missing} cannot be downloaded, Menu leads to the footer’s list of pages`, async ({
      page,
    }) => {
      await page.route(file, (route) => route.abort('internetdisconnected'));
      await page.goto('/training');
      const button = page.getByRole('button', { name: 'Menu', exact: true });
      await button.tap();
      const pages = page.getByRole('navigation', { name: 'Explore' });
      await expect(pages).toBeFocused();
      await expect(pages.getByRole('link', { name: 'Blog', exact: true })).toBeInViewport();
      // The press did something useful: no message about a part of the page that failed.
      await expect(page.getByRole('alert').filter({ hasText: 'could not load' })).toHaveCount(0);
      // Once the code can be downloaded, the next press opens the menu.
      await page.unroute(file);
      await button.tap();
      await expect(page.getByRole('dialog', { name: 'Menu', exact: true })).toBeVisible();
    });
  }

  test('widening the window closes the menu and keeps focus on the same link in the header', async ({
    page,
  }) => {
    await page.goto('/training');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(dialog.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Services', exact: true })).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 800 }); // a tablet turned, say
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }),
    ).toBeFocused();
  });

  test('choosing Contact closes the menu and lands on the contact form', async ({ page }) => {
    await page.goto('/training');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Menu', exact: true })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('dialog', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.locator('#contact-name')).toBeFocused();
  });
});

// Every setting at its largest on the narrowest screen WCAG asks for (320 CSS px): the panel cut its
// title, its labels and its values mid-word ('Accessi-bility', '150-%') where a wrap was possible.
test.describe('the accessibility panel with every setting at its largest, at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  /** /privacy with every setting at its largest, and the accessibility panel opened on it. */
  async function openLargestPanel(page: Page) {
    await withLargestSettings(page);
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Accessibility options', exact: true }).click();
    return page.getByRole('dialog', { name: 'Accessibility options' });
  }

  test('cuts no word that fits its width and keeps its close button whole', async ({ page }) => {
    const panel = await openLargestPanel(page);
    await expect(panel.getByRole('slider', { name: 'Text size' })).toHaveValue(
      String(PREFERENCE_LIMITS.textSize.max),
    );
    // The easy-to-read font has come: words are measured in the font they show in.
    await readableFontLoaded(page);
    expect(await wordsCutMidWord(panel)).toEqual([]);
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const close = (await panel.getByRole('button', { name: 'Close accessibility options' }).boundingBox())!;
    const box = (await panel.boundingBox())!;
    // Opened with the first slider focused, the panel must not have scrolled its close button away.
    expect(close.y).toBeGreaterThanOrEqual(box.y);
    expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);
  });

  test('on a very short window, it cuts no word and opens at its title', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 180 }); // a 1280 x 720 screen at 400 %
    const panel = await openLargestPanel(page);
    const switches = panel.getByRole('switch');
    await expect(switches).toHaveCount(2);
    // The first slider lies below the fold: focused, it scrolled the title out of view.
    const title = panel.getByRole('heading', { name: 'Accessibility options' });
    await expect(title).toBeFocused();
    expect(await panel.evaluate((element) => element.scrollTop)).toBe(0);
    await expect(title).toBeInViewport({ ratio: 1 });
    await readableFontLoaded(page);
    // Its padding and the room kept for the button grew with the text and cut 'Normal', 'contrast'
    // and 'defaults'; beside the button the panel is narrow, so a switch's track goes under its label.
    expect(await wordsCutMidWord(panel)).toEqual([]);
    for (const control of await switches.all()) expect(await wordsCutMidWord(control)).toEqual([]);
    // Tab goes on from the title to the panel's controls.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Close accessibility options' })).toBeFocused();
  });
});

// The pages themselves at 320 px with every setting at its largest: padding that grew with the text
// left a card's lines narrower than its long words, which broke mid-word ('Assess|ment'). Each place
// is measured against the list that holds it (a button against its row in the form), the room a
// line could have had.
test.describe('the pages with every setting at its largest, at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const { path, places } of [
    {
      path: '/',
      places: (page: Page) => ({
        'service cards': page.getByRole('region', { name: 'Our Services' }).getByRole('list'),
        'approach cards': page.getByRole('region', { name: 'Our Therapeutic Approach' }).getByRole('list'),
        'blog cards': page.getByRole('region', { name: 'Latest Insights' }).getByRole('list').first(),
        'contact form button': page.getByRole('button', { name: 'Send Message' }).locator('..'),
        // The e-mail address against the card: its domain, wider than its line, broke inside a name.
        'contact card': page.getByRole('heading', { name: 'Other ways to reach us' }).locator('..'),
      }),
    },
    {
      path: '/blog',
      places: (page: Page) => ({
        'blog cards': page.getByRole('list').filter({ has: page.locator('[data-post-card]') }),
      }),
    },
    {
      path: '/services/life-skills',
      places: (page: Page) => ({
        'what the service includes': page
          .getByRole('region', { name: 'What this service includes' })
          .getByRole('list'),
      }),
    },
    {
      path: '/services/individual-therapy',
      places: (page: Page) => ({
        // Against the column that holds the card: the card's padding and the list's indent left
        // 'Communicating' less room than its width.
        'what families work toward': page
          .getByRole('region', { name: 'What families work toward' })
          .locator('..'),
      }),
    },
    {
      path: '/training',
      places: (page: Page) => ({
        'course cards and their details': page
          .getByRole('region', { name: 'Our courses' })
          .getByRole('list')
          .first(),
        'registration form button': page.getByRole('button', { name: 'Register', exact: true }).locator('..'),
        'registration form course choice': page.getByRole('group', { name: /^Course/ }),
      }),
    },
  ]) {
    test(`${path} cuts no word of its cards and form buttons that fits the line`, async ({ page }) => {
      await withLargestSettings(page);
      await page.goto(path);
      // What follows the first screen shows once the whole stylesheet has come (home links it).
      if (path !== '/') await expect(page.locator('html[data-styled]')).toHaveCount(1);
      await readableFontLoaded(page);
      for (const [where, place] of Object.entries(places(page))) {
        await expect(place, where).toBeVisible();
        expect.soft(await wordsCutMidWord(place), `${path}: ${where}`).toEqual([]);
      }
    });
  }

  // Its title and close button, side by side, needed 250 of the 249.6 px left in the row, and
  // shrank to cut 'Men|u' and 'Clos|e'.
  test('the menu cuts no word of its title, close button or links', async ({ page }) => {
    await withLargestSettings(page);
    await page.goto('/privacy');
    await readableFontLoaded(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(dialog.getByRole('link', { name: 'Book Consultation' })).toBeVisible();
    expect(await wordsCutMidWord(dialog)).toEqual([]);
  });
});

// From 640 px cards stood in two or three columns at any text size: with every setting at its
// largest an approach card's lines were 122 px at 768 px, and nearly every word broke
// ('Collabor|ative'); a course's details had 41 px ('Locati|on').
test.describe('the pages with every setting at its largest, from 640 px', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('cuts no word of the service and approach cards that fits the line, at 640 to 1024 px', async ({
    page,
  }) => {
    await withLargestSettings(page);
    await page.goto('/');
    await readableFontLoaded(page);
    for (const width of [640, 768, 1024]) {
      await page.setViewportSize({ width, height: 1024 });
      for (const name of ['Our Services', 'Our Therapeutic Approach']) {
        const cards = page.getByRole('region', { name }).getByRole('list');
        expect.soft(await wordsCutMidWord(cards), `${name} at ${width} px`).toEqual([]);
      }
    }
  });

  test('the 404 page cuts no word of its links at 640 px', async ({ page }) => {
    await withLargestSettings(page);
    await page.setViewportSize({ width: 640, height: 1024 });
    await page.goto('/no-such-page');
    await expect(page.locator('html[data-styled]')).toHaveCount(1);
    await readableFontLoaded(page);
    const links = page.getByRole('navigation', { name: 'Where to go next' }).getByRole('list');
    expect(await wordsCutMidWord(links)).toEqual([]);
  });

  test('cuts no word of the course cards that fits the line, at 768 and 1024 px', async ({ page }) => {
    await withLargestSettings(page);
    await page.goto('/training');
    await expect(page.locator('html[data-styled]')).toHaveCount(1);
    await readableFontLoaded(page);
    const cards = page.getByRole('region', { name: 'Our courses' }).getByRole('list').first();
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 1024 });
      expect.soft(await wordsCutMidWord(cards), `at ${width} px`).toEqual([]);
    }
  });
});

// A heading's size stops growing with the text where its longest words would no longer fit a 320 px
// line (global.css): at 54 px 'Empowering' and 'Collaborative' broke in two, wider than the line.
test.describe('headings with every setting at its largest, at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('page titles and section headings cut no word, however long', async ({ page }) => {
    await withLargestSettings(page);
    for (const path of [
      '/',
      '/services/collaborative-growth',
      '/privacy',
      '/blog/visual-schedules-a-practical-guide-for-families',
    ]) {
      await page.goto(path);
      if (path !== '/') await expect(page.locator('html[data-styled]')).toHaveCount(1);
      await readableFontLoaded(page);
      const headings = page.locator('main').locator('h1, h2');
      expect(await headings.count(), path).toBeGreaterThan(1);
      for (const heading of await headings.all())
        expect.soft(await wordsCutMidWord(heading, { widerToo: true }), path).toEqual([]);
    }
  });
});

test.describe('accessibility panel', { tag: '@layout' }, () => {
  test('changes contrast, text size and motion, and keeps them from page to page in the tab', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Accessibility options' });
    await toggle.click();
    const panel = page
      .getByRole('dialog', { name: 'Accessibility options' })
      .or(page.getByRole('region', { name: 'Accessibility options' }));
    await expect(panel).toBeVisible();
    await panel.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'dark');
    const slider = panel.getByRole('slider', { name: 'Text size' });
    await expect(slider).toHaveAttribute('min', '80');
    await expect(slider).toHaveAttribute('max', '150');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
      .toBe('17.6px');
    await panel.getByRole('switch', { name: 'Reduce motion' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-reduce-motion', '');
    // The easy-to-read font is only fetched once chosen, and then the page's text uses it.
    expect(await page.evaluate(() => document.fonts.check('16px "Atkinson Hyperlegible"'))).toBe(false);
    await panel.getByRole('switch', { name: 'Easy-to-read font' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-readable-font', '');
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Atkinson Hyperlegible"')))
      .toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Atkinson Hyperlegible"/,
    );
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();

    await page.goto('/training');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-reduce-motion', '');
    await expect(page.locator('html')).toHaveAttribute('data-readable-font', '');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('17.6px');
    // Kept for the tab's session only, never in localStorage.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });

  test('tabbing out of the panel puts it away, so it never covers what has focus', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Accessibility options', exact: true });
    await toggle.click();
    const panel = page.getByRole('dialog', { name: 'Accessibility options' });
    await page.getByRole('button', { name: 'Reset to defaults' }).focus();
    await page.keyboard.press('Tab'); // to its own button: still open
    await expect(toggle).toBeFocused();
    await expect(panel).toBeVisible();
    // Back through the panel and out of it, to the footer's last link before it.
    await page.getByRole('button', { name: 'Close accessibility options' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('footer a').last()).toBeFocused();
  });

  test('on a very short window the panel takes its full height, beside its button', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 180 }); // a 1280 x 720 screen at 400 %
    await page.goto('/training');
    const toggle = page.getByRole('button', { name: 'Accessibility options', exact: true });
    await toggle.click();
    const panel = (await page.getByRole('dialog', { name: 'Accessibility options' }).boundingBox())!;
    const button = (await toggle.boundingBox())!;
    expect(panel.height).toBeGreaterThan(150);
    expect(panel.x + panel.width).toBeLessThanOrEqual(button.x); // the button stays in sight
  });

  // A 1280 x 720 screen at 400 % with large text: the header, too tall to stay fixed, scrolls away
  // with the page, but at the page's top it lay over the button, which no press could reach.
  test('on a very short window with large text, the header never covers the button, but its open menu does', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 180 });
    await withLargestSettings(page);
    await page.goto('/training');
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-static', '');
    const toggle = page.getByRole('button', { name: 'Accessibility options', exact: true });
    const onTop = () =>
      toggle.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!seen && button.contains(seen);
      });
    expect(await onTop()).toBe(true);
    await toggle.click();
    await expect(page.getByRole('dialog', { name: 'Accessibility options' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The menu, modal, stays above it.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu', exact: true })).toBeVisible();
    expect(await onTop()).toBe(false);
  });

  test("on a very short window, the notice that the panel's code could not load is all in reach", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 180 }); // a 1280 x 720 screen at 400 %
    await page.route(/\/_astro\/AccessibilityPanel\.[^/?]+\.js(\?.*)?$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/training');
    const toggle = page.getByRole('button', { name: 'Accessibility options', exact: true });
    await toggle.click();
    const notice = page.getByRole('alert').filter({ hasText: 'could not load' });
    await expect(notice).toContainText('This part of the page could not load.');
    // Fixed above the button, its first lines were above the window's top, where no scrolling reaches.
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(180);
    // What does not fit scrolls inside it, and the button stays in sight beside it.
    const end = await notice.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      return element.scrollTop + element.clientHeight - element.scrollHeight;
    });
    expect(end).toBeGreaterThanOrEqual(-1);
    const button = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(button.x);
  });

  test('in forced colours, a switch shows whether it is on', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    const motion = page.getByRole('switch', { name: 'Reduce motion' });
    const colours = () =>
      motion.evaluate((button) => {
        const track = button.querySelector<HTMLElement>('span[aria-hidden]')!;
        const knob = track.firstElementChild!;
        return {
          track: getComputedStyle(track).backgroundColor,
          knob: getComputedStyle(knob).backgroundColor,
        };
      });
    const off = await colours();
    expect(off.knob).not.toBe(off.track);
    await motion.click();
    await expect(motion).toHaveAttribute('aria-checked', 'true');
    // The switch's colours fade for 150 ms: read them once the fade is over (a read mid-fade once
    // found the track still white, the knob's colour).
    await expect
      .poll(async () => {
        const on = await colours();
        return { knobStandsOut: on.knob !== on.track, trackChanged: on.track !== off.track };
      })
      .toEqual({ knobStandsOut: true, trackChanged: true });
  });

  test('in forced colours, a filled button keeps an edge', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto('/');
    const edge = (element: Locator) =>
      element.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
    // A link drawn as a button (its fill is dropped) and a form's button.
    for (const control of [
      page.getByRole('link', { name: 'Get Started' }),
      page.getByRole('button', { name: 'Send Message' }),
    ]) {
      expect(await edge(control)).toEqual({ style: 'solid', width: 2 });
    }
    // An ordinary link stays plain.
    expect((await edge(page.locator('footer a').first())).style).toBe('none');
  });

  test('letter spacing and line height reach headings and buttons too', async ({ page }) => {
    await page.addInitScript(() =>
      sessionStorage.setItem('a11y-preferences', JSON.stringify({ letterSpacing: 2, lineHeight: 2 })),
    );
    await page.goto('/');
    for (const element of [page.locator('h1'), page.getByRole('link', { name: 'Get Started' })]) {
      const spacing = await element.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          letter: style.letterSpacing,
          line: parseFloat(style.lineHeight) / parseFloat(style.fontSize),
        };
      });
      expect(spacing.letter).toBe('2px');
      expect(spacing.line).toBeCloseTo(2, 2);
    }
  });

  test('Reset to defaults restores the specified defaults', async ({ page }) => {
    await page.addInitScript(() =>
      sessionStorage.setItem(
        'a11y-preferences',
        JSON.stringify({ contrast: 'high', textSize: 150, lineHeight: 2 }),
      ),
    );
    await page.goto('/training');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await page.getByRole('button', { name: 'Accessibility options' }).click();
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'normal');
    await expect(page.getByRole('slider', { name: 'Text size' })).toHaveValue('100');
    await expect(page.getByRole('slider', { name: 'Line height' })).toHaveValue('1.5');
    await expect(page.getByRole('slider', { name: 'Letter spacing' })).toHaveValue('0');
  });
});
