// What a screen-reader user hears in Chromium, flow by flow (issue 31): the flows whose behaviour
// only a real browser has (the blog's native modal <dialog>, whole admin pages). The islands' other
// flows are heard in tests/component/Spoken*.test.tsx. One screen size each: what is said does not
// depend on it, except that the menu button shows on small screens only.
import type { Page } from '@playwright/test';
import { deferred } from '../helpers';
import { expect, test } from './fixtures';
import { openSignedIn } from './session-seed';
import { expectHeard, installScreenReader, listen, sayFocusedItem } from './spoken';
import { moreAction } from './admin-posts';

test.beforeEach(async ({ page }) => installScreenReader(page));

// The menu button shows on small screens only: the phone project only (playwright.config.ts).
test.describe('on a phone', { tag: '@phone-only' }, () => {
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
    // The count waits for the dialog to close: said behind a modal dialog, it reached no screen reader.
    await sayFocusedItem(page);
    await expectHeard(page, ['button, ABA basics, pressed']);
    await page.keyboard.press('Escape');
    await expectHeard(page, ['button, Filter (1 tag selected), has popup dialog', 'polite: 1 post found']);
  });

  test("the editor toolbar says each button's state; the admin list says saving and deleting once", async ({
    page,
  }) => {
    test.setTimeout(90_000); // a cap, not a wait: admin pages checked whole, on a busy 2-core machine
    await openSignedIn(page, '/admin/posts/new');
    await page.getByLabel(/^Title/).fill('Heard Once');
    await page.getByLabel(/^Excerpt/).fill('A post to check what is said.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Some ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('words.');
    // The toolbar's buttons say whether they are on where the cursor is.
    await listen(page);
    await page.keyboard.press('Shift+Tab');
    await expectHeard(page, ['button, Bold, key shortcuts Control+B Meta+B, pressed']);
    await page.keyboard.press('ArrowRight');
    await expectHeard(page, ['button, Italic, key shortcuts Control+I Meta+I, not pressed']);
    await page.keyboard.press('ArrowRight');
    await expectHeard(page, ['button, Bullet list, key shortcuts Control+Shift+8, not pressed']);
    // The shortcut's tip shows under the pointer, unheard, and Escape hides it.
    const bold = page.getByRole('button', { name: 'Bold' });
    await bold.hover();
    await expect(bold.getByText('Ctrl+B')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bold.getByText('Ctrl+B')).toBeHidden();
    await expectHeard(page, []);
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

test.describe('publishing, on a desktop', () => {
  const TITLE = 'Heard Published';
  const COMMIT = 'c0ffee5'.padEnd(40, '0');

  /**
   * GitHub's contents API for the build's backend (admin/config.yml: OWNER/REPOSITORY, branch main),
   * as tests/e2e/publish-github.spec.ts answers it: each write waits for a `release`, so the test hears
   * what is said while it runs; `refuse` answers writes with a server error.
   */
  async function standInGitHub(page: Page) {
    const files = new Map<string, string>();
    const github = { refuse: false, release: () => {} };
    let held = deferred<void>();
    github.release = () => held.resolve();
    await page.route(/^https:\/\/api\.github\.com\//, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const path = decodeURIComponent(url.pathname.replace(/^.*\/contents\//, ''));
      const file = { path, sha: 'b'.repeat(40) };
      if (url.pathname.endsWith('/branches/main')) {
        return route.fulfill({ json: { name: 'main', commit: { sha: COMMIT } } });
      }
      if (request.method() === 'GET') {
        const content = files.get(path);
        return content === undefined
          ? route.fulfill({ status: 404, json: { message: 'Not Found', status: '404' } })
          : route.fulfill({ json: { ...file, type: 'file', encoding: 'base64', content } });
      }
      await held.promise;
      held = deferred<void>(); // the next write waits for the next release
      if (github.refuse) return route.fulfill({ status: 500, json: { message: 'Server Error' } });
      if (request.method() === 'PUT')
        files.set(path, (request.postDataJSON() as { content: string }).content);
      else files.delete(path);
      return route.fulfill({
        json: {
          content: file,
          commit: { sha: COMMIT, html_url: `https://github.com/OWNER/REPOSITORY/commit/${COMMIT}` },
        },
      });
    });
    return github;
  }

  test('publishing says its progress, then the outcome or the failure, once each; removing too', async ({
    page,
  }) => {
    test.setTimeout(90_000); // a cap, not a wait: admin pages checked whole, on a busy 2-core machine
    const github = await standInGitHub(page);
    await openSignedIn(page);
    await page.evaluate(() =>
      sessionStorage.setItem('admin-github-session', JSON.stringify({ token: 'gho_e2e' })),
    );
    await page.goto('/admin/posts/new');
    await page.getByLabel(/^Title/).fill(TITLE);
    await page.getByLabel(/^Excerpt/).fill('A post to check what is said.');
    await page.getByLabel('Save as draft').uncheck();
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    const publish = page.getByRole('button', { name: `Publish to website ${TITLE}` });
    const remove = page.getByRole('button', { name: `Remove from website ${TITLE}` });
    await expect(publish).toBeVisible();
    await listen(page);

    await publish.focus();
    await expectHeard(page, [`button, Publish to website ${TITLE}`]);
    await page.keyboard.press('Enter');
    await expectHeard(page, ['polite: Being published...']);
    github.release();
    await expectHeard(page, [
      `polite: Published “${TITLE}”: the website has it. Visitors see it once the website's server has been updated with it, which the person who looks after the server does. See the change on GitHub (opens in a new tab)`,
    ]);

    // "Remove from website" sits behind the row's "More" (issue 35); what opening it says is the
    // disclosure's own, so listening starts again once it is open.
    await moreAction(page, TITLE, `Remove from website ${TITLE}`);
    await listen(page);
    await remove.focus();
    await expectHeard(page, [`button, Remove from website ${TITLE}`]);
    await page.keyboard.press('Enter');
    await expectHeard(page, [
      `alertdialog, Remove this post from the website?, “${TITLE}” is taken out of the website's files. Once the site has been built again, visitors no longer find it in the blog list, and its address /blog/heard-published shows the “page not found” page. The post stays in this browser; you can publish it again later., modal`,
      'button, Cancel',
    ]);
    await page.keyboard.press('Tab');
    await expectHeard(page, ['button, Remove from website']);
    await page.keyboard.press('Enter');
    // Focus goes back to the button that opened the dialog, as a dialog's closing does.
    await expectHeard(page, [
      `button, Remove from website ${TITLE}`,
      'polite: Being removed from the website...',
    ]);
    github.release();
    await expectHeard(page, [
      `polite: Removed “${TITLE}” from the website's files. Visitors stop seeing it once the site has been built again; it stays in this browser. See the change on GitHub (opens in a new tab)`,
    ]);

    github.refuse = true;
    await publish.focus();
    await expectHeard(page, [`button, Publish to website ${TITLE}`]);
    await page.keyboard.press('Enter');
    await expectHeard(page, ['polite: Being published...']);
    github.release();
    await expectHeard(page, [
      'assertive: GitHub could not save the file (status 500: Server Error). Try again later. The post in this browser is unchanged.',
    ]);
  });
});
