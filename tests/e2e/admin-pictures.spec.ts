import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, pasteHtml, signIn, test } from './fixtures';
import { CONTRAST_MODES } from './pages';

// Pictures in the admin's posts (issue 18), in real Chromium: the Image button by keyboard, a picture
// of the built site added, saved and shown on the post's page from this browser's storage with its
// alt text; pasted pictures; and axe with the dialog open.

/** A picture the build made: the first blog card's, read at run time (its name has the build's hash). */
async function builtPicture(page: Page): Promise<string> {
  await page.goto('/blog');
  const src = await page.locator('main img[src^="/_astro/"]').first().getAttribute('src');
  expect(src).toBeTruthy();
  return src!;
}

test('a picture added with the Image button is saved and shown on the post with its alt text', async ({
  page,
}) => {
  test.slow(); // sign-in, a post, two pages and axe
  const src = await builtPicture(page);
  await signIn(page);
  await page.goto('/admin/posts/new');
  await page.getByLabel(/^Title/).fill('A calm corner at home');
  await page.getByLabel(/^Excerpt/).fill('A quiet place to settle.');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Set it up together.');
  await page.getByLabel('Save as draft').uncheck();

  // By keyboard: into the toolbar, along to Image, Enter opens the dialog with focus on the address.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Image' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a picture' });
  const address = dialog.getByLabel(/^Picture address/);
  await expect(address).toBeFocused();

  // Missing alt text: the message is tied to the field, which gets focus.
  await page.keyboard.type(src);
  await page.keyboard.press('Enter');
  const alt = dialog.getByLabel(/^Alt text/);
  await expect(alt).toBeFocused();
  await expect(alt).toHaveAccessibleDescription(/Describe the picture for people who cannot see it/);
  await expectNoAxeViolations(page);

  await page.keyboard.type('A reading nook with cushions');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const editor = page.getByRole('textbox', { name: 'Content' });
  await expect(editor).toBeFocused();
  await expect(editor.getByRole('img', { name: 'A reading nook with cushions' })).toHaveAttribute('src', src);

  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);

  await page.goto('/blog/a-calm-corner-at-home');
  const picture = page.getByRole('main').getByRole('img', { name: 'A reading nook with cushions' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', src);
  // The file is there: the browser drew it.
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('a pasted picture keeps its alt text; one without asks for it, and the save waits', async ({ page }) => {
  const src = await builtPicture(page);
  await signIn(page);
  await page.goto('/admin/posts/new');
  await page.getByLabel(/^Title/).fill('Pasted pictures');
  await page.getByLabel(/^Excerpt/).fill('From another page.');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await pasteHtml(
    editor,
    `<p>Before</p><img src="${src}" alt="A described picture"><img src="${src}"><img src="http://example.org/a.png" alt="Insecure">`,
    'Before',
  );
  await expect(editor.getByRole('img', { name: 'A described picture' })).toBeVisible();
  await expect(editor.locator('img')).toHaveCount(2);
  await expect(
    page.getByRole('status').filter({ hasText: 'The pasted picture “a.png” was left out' }),
  ).toContainText('it starts with http://');
  await expect(page.getByRole('status').filter({ hasText: 'has no alt text' })).toBeVisible();

  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAccessibleDescription(
    /has no alt text\. Select it, press Image and describe it/,
  );
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);

  // Selecting the picture without alt text and describing it lets the post be saved.
  await editor.locator('img:not([alt])').click();
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change picture' });
  await expect(dialog.getByLabel(/^Picture address/)).toHaveValue(src);
  await dialog.getByLabel('Decorative picture').check();
  await dialog.getByRole('button', { name: 'Change picture' }).click();
  await expect(editor.locator('img[alt=""]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
});

for (const mode of CONTRAST_MODES.filter((m) => m !== 'normal')) {
  test(
    `the Image dialog and its messages have no axe violations in ${mode} contrast`,
    { tag: '@layout' },
    async ({ page }) => {
      await page.addInitScript((contrast) => {
        sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast }));
      }, mode);
      await signIn(page);
      await page.goto('/admin/posts/new');
      await expect(page.locator('html')).toHaveAttribute('data-contrast', mode);
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a picture' });
      await dialog.getByRole('button', { name: 'Add picture' }).click();
      await expect(dialog.getByLabel(/^Picture address/)).toHaveAccessibleDescription(
        /Enter the picture's address/,
      );
      await expect(dialog.getByLabel(/^Alt text/)).toHaveAccessibleDescription(/Describe the picture/);
      await expectNoAxeViolations(page);
    },
  );
}
