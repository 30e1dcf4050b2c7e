// What a screen-reader user hears in Chromium, flow by flow (issue 31): the flows whose behaviour
// only a real browser has (the blog's native modal <dialog>, whole admin pages). The islands' other
// flows are heard in tests/component/Spoken*.test.tsx. One screen size each: what is said does not
// depend on it, except that the menu button shows on small screens only.
import { expect, signIn, test } from './fixtures';
import { expectHeard, installScreenReader, listen, sayFocusedItem } from './spoken';
import { moreAction } from './admin-posts';

test.beforeEach(async ({ page }) => installScreenReader(page));

test.describe('on a phone', { tag: '@layout' }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the menu button shows on small screens only');

  test('the mobile menu: opening on its first item, closing back on the Menu button', async ({ page }) => {
    await page.goto('/training');
    await listen(page);
    await page.getByRole('button', { name: 'Menu' }).focus();
    await expectHeard(page, ['button, Menu, 1 control, not expanded']);
    await page.keyboard.press('Enter');
    await expectHeard(page, ['dialog, Menu, modal', 'link, Home']);
    await page.keyboard.press('Escape');
    await expectHeard(page, ['button, Menu, 1 control, not expanded']);
  });
});

test.describe('on a desktop', () => {
  test("the blog's tag dialog: opening, choosing a tag, closing back on the Filter button", async ({
    page,
  }) => {
    await page.goto('/blog');
    await listen(page);
    await page.getByRole('button', { name: 'Filter' }).focus();
    await expectHeard(page, ['button, Filter, has popup dialog']);
    await page.keyboard.press('Enter');
    await expectHeard(page, [
      'dialog, Filter by Tags, Posts with any of the selected tags are shown.',
      'button, ABA basics, not pressed',
    ]);
    await page.keyboard.press('Space');
    await expectHeard(page, ['polite: 1 post found']);
    await sayFocusedItem(page);
    await expectHeard(page, ['button, ABA basics, pressed']);
    await page.keyboard.press('Escape');
    await expectHeard(page, ['button, Filter (1 tag selected), has popup dialog']);
  });

  test("the editor toolbar says each button's state; the admin list says saving and deleting once", async ({
    page,
  }) => {
    test.setTimeout(90_000); // signing in runs 600,000 PBKDF2 iterations
    await signIn(page);
    await page.goto('/admin/posts/new');
    await page.getByLabel(/^Title/).fill('Heard Once');
    await page.getByLabel(/^Excerpt/).fill('A post to check what is said.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Some ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('words.');
    // The toolbar's buttons say whether they are on where the cursor is.
    await listen(page);
    await page.keyboard.press('Shift+Tab');
    await expectHeard(page, ['button, Bold, Bold (Ctrl+B), key shortcuts Control+B Meta+B, pressed']);
    await page.keyboard.press('ArrowRight');
    await expectHeard(page, ['button, Italic, Italic (Ctrl+I), key shortcuts Control+I Meta+I, not pressed']);
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    await listen(page, { fromPageStart: true });
    await expectHeard(page, [
      'document',
      'polite: Saved “Heard Once” as a draft. Where it stands: Draft: only you can see it. Saved in this browser only. To put it on the website, untick “Save as draft”, save, then press “Publish to website”.',
    ]);
    const deleteButton = await moreAction(page, 'Heard Once', 'Delete Heard Once');
    await listen(page); // what opening "More" said is not this test's
    await deleteButton.focus();
    await expectHeard(page, ['button, Delete Heard Once']);
    await page.keyboard.press('Enter');
    await expectHeard(page, [
      'alertdialog, Delete this post?, Are you sure you want to delete this post? “Heard Once” will be removed from this browser. Download a copy first (under “More”) if you may want it back., modal',
      'button, Cancel',
    ]);
    await page.keyboard.press('Tab');
    await expectHeard(page, ['button, Delete post']);
    await page.keyboard.press('Enter');
    // Not the deleted post's Delete button first (the dialog handing focus back to it).
    await expectHeard(page, ['polite: Deleted “Heard Once”.']);
  });
});
