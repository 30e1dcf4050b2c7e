import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../e2e/fixtures';
import { postEntry } from '../e2e/admin-posts';

// The pictures of docs/admin-guide.md, from the real admin: the list at desktop and phone size, the
// post form, and a draft's preview with its banner. Small PNGs: the part of the page that matters,
// at one device pixel per CSS pixel.

const images = path.resolve(import.meta.dirname, '../../docs/images');
const shot = (name: string) => ({ path: path.join(images, `admin-${name}.png`), scale: 'css' as const });

async function write(page: Page, title: string, draft: boolean) {
  await page.goto('/admin/posts/new');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Excerpt/).fill('Small steps that make mornings calmer for the whole family.');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Start with one picture card for each step of the morning.');
  await page.getByLabel(/^Tags/).fill('routines, home');
  if (!draft) await page.getByLabel('Save as draft').uncheck();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
}

test('the staff guide’s pictures', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page);
  await write(page, 'Calmer Mornings With Picture Cards', true);
  await write(page, 'Five Ideas for Waiting Rooms', false);

  await expect(postEntry(page, 'Calmer Mornings With Picture Cards')).toBeVisible();
  // The table at the top of the window, below the site's header.
  await page
    .getByRole('table')
    .evaluate((table) => window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY - 120));
  await page.screenshot(shot('list'));

  await postEntry(page, 'Calmer Mornings With Picture Cards').getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByLabel(/^Title/)).toHaveValue('Calmer Mornings With Picture Cards');
  await page.getByRole('toolbar', { name: 'Formatting' }).scrollIntoViewIfNeeded();
  await page.screenshot(shot('form'));

  await page.goto('/admin/posts');
  await postEntry(page, 'Calmer Mornings With Picture Cards')
    .getByRole('link', { name: /^Preview/ })
    .click();
  await expect(page.getByRole('note', { name: 'Who can see this post' })).toBeVisible();
  await page.screenshot(shot('preview'));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/posts');
  const card = postEntry(page, 'Calmer Mornings With Picture Cards');
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot(shot('list-phone'));
});
