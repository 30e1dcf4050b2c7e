// Forced colours (Windows high contrast), issue 31: on every page type, in Chromium's forced-colours
// emulation, every control has a visible boundary, every focus ring shows, and the states (checked,
// pressed, invalid) stay distinguishable. Checked from the computed styles under forced colours;
// a screenshot of each page is attached to the report for a person to look at.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn } from './session-seed';
import { postListSettled } from './admin-posts';

// The layout is not what is checked: one screen size (untagged, so the desktop project only).
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
});

const PAGE_TYPES = {
  home: '/',
  training: '/training',
  service: '/services/individual-therapy',
  blog: '/blog',
  post: '/blog/building-social-skills-at-home',
  tags: '/blog/tags',
  tag: '/blog/tags/aba-basics',
  privacy: '/privacy',
  login: '/login',
  'not found': '/no-such-page',
  offline: '/offline',
};

/**
 * Controls a visitor operates: each needs an edge of its own once forced colours drop fills. Radios,
 * checkboxes and sliders are drawn by the browser in the system colours, edge included.
 */
const CONTROLS =
  'button, input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=range]), select, textarea, [role=switch], summary';

interface Problem {
  control: string;
  problem: string;
}

/** Visible controls without a boundary (border or outline) under forced colours. */
function controlsWithoutBoundary(page: Page): Promise<Problem[]> {
  return page.evaluate((selector) => {
    const edge = (style: CSSStyleDeclaration) =>
      (['Top', 'Right', 'Bottom', 'Left'] as const).every(
        (side) =>
          style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0,
      ) ||
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0);
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((control) => control.checkVisibility() && control.getClientRects().length > 0)
      .filter((control) => !control.closest('[aria-hidden="true"], [inert]')) // the forms' robot trap
      .filter((control) => !edge(getComputedStyle(control)))
      .map((control) => ({
        control: `${control.tagName.toLowerCase()}#${control.id} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`,
        problem: 'no border or outline',
      }));
  }, CONTROLS);
}

/** Focuses each visible control from the keyboard's side and returns those whose ring does not show. */
async function controlsWithoutFocusRing(page: Page): Promise<Problem[]> {
  await page.keyboard.press('Tab'); // the next focus() counts as keyboard focus (:focus-visible)
  return page.evaluate((selector) => {
    const problems: { control: string; problem: string }[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(`${selector}, a[href]`)) {
      if (!control.checkVisibility() || control.closest('[aria-hidden="true"], [inert]')) continue;
      control.focus();
      if (document.activeElement !== control) continue;
      const style = getComputedStyle(control);
      if (
        !control.matches(':focus-visible') ||
        style.outlineStyle === 'none' ||
        parseFloat(style.outlineWidth) < 2
      )
        problems.push({
          control: `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}"`,
          problem: `focus ring ${style.outlineStyle} ${style.outlineWidth}`,
        });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return problems;
  }, CONTROLS);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`); // kept in test-results/ too
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name} in forced colours`, { path, contentType: 'image/png' });
}

for (const [name, path] of Object.entries(PAGE_TYPES)) {
  test(`${name} page: every control has a boundary and a focus ring in forced colours`, async ({
    page,
  }, testInfo) => {
    await page.goto(path);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    await attachScreenshot(page, testInfo, name);
    expect(await controlsWithoutBoundary(page)).toEqual([]);
    expect(await controlsWithoutFocusRing(page)).toEqual([]);
  });
}

test('states stay visible in forced colours: invalid fields, pressed tags, checked settings', async ({
  page,
}, testInfo) => {
  await page.goto('/training');
  const form = page
    .getByRole('form', { name: /registration|Register/i })
    .or(page.locator('#registration-form'));
  await form.getByRole('button', { name: 'Register' }).click();
  const name = form.getByLabel(/^Full name/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  // Invalid: the field keeps its edge and its message is shown in text beside it.
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await attachScreenshot(page, testInfo, 'registration with errors');

  await page.goto('/blog');
  await page.getByRole('button', { name: 'Filter' }).click();
  const chip = page.getByRole('button', { name: 'ABA basics' });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  // Pressed: a check mark drawn in the text colour, which forced colours keep; unpressed chips have none.
  await expect(chip.locator('svg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adults', pressed: false }).locator('svg')).toHaveCount(0);
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  await attachScreenshot(page, testInfo, 'tag dialog with a tag pressed');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Accessibility options' }).click();
  const font = page.getByRole('switch', { name: 'Easy-to-read font' });
  await font.click();
  await expect(font).toHaveAttribute('aria-checked', 'true');
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  await attachScreenshot(page, testInfo, 'accessibility panel with a switch on');
});

test('admin pages: every control has a boundary and a focus ring in forced colours', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000); // a cap, not a wait: admin pages checked whole, on a busy 2-core machine
  await openSignedIn(page);
  await postListSettled(page); // the rows and their publishing buttons, not 'Loading posts...'
  await attachScreenshot(page, testInfo, 'admin post list');
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  expect(await controlsWithoutFocusRing(page)).toEqual([]);
  await page.goto('/admin/posts/new');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible();
  await attachScreenshot(page, testInfo, 'admin editor');
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  expect(await controlsWithoutFocusRing(page)).toEqual([]);
  // Pressed: a toolbar button is drawn in the selection colours, not only with its (dropped) fill.
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.press('ControlOrMeta+b');
  const bold = toolbar.getByRole('button', { name: 'Bold', pressed: true });
  const italic = toolbar.getByRole('button', { name: 'Italic', pressed: false });
  await expect(bold).toBeVisible();
  const fill = (button: typeof bold) =>
    button.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await fill(bold)).not.toBe(await fill(italic));
  await attachScreenshot(page, testInfo, 'admin editor with Bold pressed');

  // A post's own page: the editor with the Website part (its status and buttons).
  await page.goto('/admin/posts');
  await page.getByRole('link', { name: /^Edit/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
  await expect(page.getByRole('region', { name: 'Website' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'admin post editing');
  expect(await controlsWithoutBoundary(page)).toEqual([]);
  expect(await controlsWithoutFocusRing(page)).toEqual([]);
});
