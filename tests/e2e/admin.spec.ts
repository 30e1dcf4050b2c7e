import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { readFrontMatter } from '../../src/lib/text/post-file';
import {
  expect,
  expectNoAxeViolationsInModes,
  fillSignIn,
  pasteHtml,
  signIn,
  SIGNED_IN,
  test,
} from './fixtures';
import { moreAction, postEntry, postListSettled, writePost } from './admin-posts';
import { putBrowserPosts } from './browser-store';
import { openSignedIn } from './session-seed';

// The admin in real Chromium: sign-in and sessions, the post list and form, the editor, Markdown
// export and import, and axe on every admin page. Each test has a fresh browser profile, so a
// fresh IndexedDB: it signs in and makes the posts it needs.

const INVALID = 'Invalid credentials. Please try again.';
/** '2026-12-07T14:12:18.157-05:00': a moment as the admin writes it into a post's file. */
const TORONTO_MOMENT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?-0[45]:00$/;
const row = postEntry;

test.describe('sign-in and sessions', () => {
  test('a protected page without a session goes to /login and back after signing in', async ({ page }) => {
    await page.goto('/admin/posts/new');
    await expect(page).toHaveURL(/\/login\?next=\/admin\/posts\/new$/);
    await fillSignIn(page);
    // Anchored at the host: '/login?next=/admin/posts/new' ends the same way.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin\/posts\/new$/, SIGNED_IN);
    await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toBeVisible();
  });

  test('every protected route checks the session', async ({ page }) => {
    for (const path of ['/admin/posts', '/admin/posts/3/edit']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login(\\?next=${path.replace(/\//g, '\\/')})?$`));
    }
  });

  test('signing in goes to the post list by default and stores the token', async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token?.split('.')).toHaveLength(3);
  });

  test("the site never serves the password's SHA-256, only a salted derivation", async ({ page }) => {
    const scripts: Array<Promise<string>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await page.goto('/login');
    const html = await page.content();
    await signIn(page); // loads the island and, on the press, the sign-in code with the account
    const served = [html, ...(await Promise.all(scripts))].join('\n');
    expect(scripts.length).toBeGreaterThan(0);
    expect(served).toContain(E2E_ADMIN.username);
    expect(served.toLowerCase()).not.toContain(E2E_ADMIN.passwordSha256);
    const stored = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('BlogDatabase');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('users').objectStore('users').getAll();
            all.onsuccess = () =>
              resolve((all.result as Array<{ passwordHash: string }>).map((u) => u.passwordHash));
          };
        }),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]).not.toBe(E2E_ADMIN.passwordSha256);
  });

  test('a wrong password and an unknown user get the same message', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, E2E_ADMIN.username, 'wrong password');
    await expect(page.getByRole('alert')).toHaveText(INVALID, SIGNED_IN);
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, 'somebody', E2E_ADMIN.password);
    await expect(page.getByRole('alert')).toHaveText(INVALID, SIGNED_IN);
    // The development account does not work once the build has its own.
    await fillSignIn(page, 'admin', 'change-me-now');
    await expect(page.getByRole('alert')).toHaveText(INVALID, SIGNED_IN);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel(/^Username/)).toBeFocused();
  });

  test('an off-site next address is ignored', async ({ page }) => {
    await page.goto('/login?next=//evil.example/admin');
    await fillSignIn(page);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin\/posts$/, SIGNED_IN);
  });

  test('a forged token does not open the admin', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem('auth_token', `${part({ alg: 'none' })}.${part({ sid: 'x', sub: '1', exp })}.`);
    });
    await page.goto('/admin/posts');
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('signing out deletes the session and the token', async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    // The old token, put back, no longer opens the admin: its session is gone.
    await page.evaluate((value) => localStorage.setItem('auth_token', value!), token);
    await page.goto('/admin/posts');
    await expect(page).toHaveURL(/\/login\?next=\/admin\/posts|\/login$/);
  });

  test('a session signed in with a password the build no longer has ends at the next page load', async ({
    page,
  }) => {
    await openSignedIn(page, '/admin/posts/new');
    // The admin's row as a sign-in with the previous password left it: the site has since been built
    // with another ADMIN_PASSWORD_SHA256, and nobody signed in again in this browser.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('BlogDatabase');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const change = open.result.transaction('users', 'readwrite');
            const users = change.objectStore('users');
            const all = users.getAll();
            all.onsuccess = () => {
              for (const user of all.result as Array<{ passwordHash: string }>)
                users.put({ ...user, passwordHash: 'f'.repeat(64) });
            };
            change.oncomplete = () => resolve();
            change.onerror = () => reject(change.error);
          };
        }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login\?next=\/admin\/posts\/new$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('the session ends after two hours, keeping unsaved changes', async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    await page.goto('/admin/posts/new');
    await page.getByLabel(/^Title/).fill('Written just before the session ended');
    await page.clock.fastForward('01:59:00');
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await page.clock.fastForward('00:01:30');
    await expect(page).toHaveURL(/\/login\?next=\/admin\/posts\/new&expired=1$/);
    await expect(page.getByText('Your session has ended. Please sign in again')).toBeVisible();
    await fillSignIn(page);
    await expect(page).toHaveURL(/\/admin\/posts\/new$/, SIGNED_IN);
    await expect(page.getByLabel(/^Title/)).toHaveValue('Written just before the session ended');
    await expect(page.getByRole('status').filter({ hasText: 'were restored' })).toBeVisible();
  });
});

test.describe('post management', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page);
  });

  test('the list has the spec columns, badges and dates', { tag: '@layout' }, async ({ page }) => {
    await writePost(page, { title: 'A draft about routines', excerpt: 'Still writing.', body: 'Soon.' });
    if (test.info().project.name === 'phone') {
      // A card per post below 1024 px: title, status, date, actions (tests/e2e/admin-standing.spec.ts).
      const card = row(page, 'A draft about routines');
      await expect(card.getByText('Draft', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Date: [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Edit A draft about routines' })).toBeVisible();
      await expect(page.getByRole('table')).toBeHidden();
      return;
    }
    const table = page.getByRole('table');
    for (const name of ['Title', 'Status', 'Date', 'Actions']) {
      await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    const draftRow = row(page, 'A draft about routines');
    await expect(draftRow.getByText('Draft', { exact: true })).toBeVisible();
    await expect(draftRow.getByRole('cell').nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page.getByRole('link', { name: 'New Post' })).toBeVisible();
    // Each badge is one word on one line beside the long titles of the site's posts (the page lets a
    // long word break anywhere, which once split 'Published' in two).
    await expect(table.getByText('Published', { exact: true }).first()).toBeVisible();
    const linesPerBadge = await table
      .locator('tbody td:nth-child(2) > span')
      .evaluateAll((badges) =>
        badges.map((b) =>
          Math.round(b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight)),
        ),
      );
    expect(new Set(linesPerBadge)).toEqual(new Set([1]));
  });

  test('a published post shows on /blog and at its address in this browser', async ({ page }) => {
    await writePost(page, {
      title: 'Morning routines that stick',
      excerpt: 'Three small steps for calmer mornings.',
      body: 'Start with one picture card.',
      tags: 'routines, home, ',
      draft: false,
    });
    await expect(
      row(page, 'Morning routines that stick').getByText('Published', { exact: true }),
    ).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByRole('link', { name: /Morning routines that stick/ }).first()).toBeVisible();
    await page.goto('/blog/morning-routines-that-stick');
    await expect(page.getByRole('heading', { level: 1, name: 'Morning routines that stick' })).toBeVisible();
    await expect(page.getByText('Start with one picture card.')).toBeVisible();
  });

  test('a draft stays off the blog', async ({ page }) => {
    await writePost(page, {
      title: 'Unfinished thoughts on play',
      excerpt: 'Not ready.',
      body: 'Draft text.',
    });
    await expect(row(page, 'Unfinished thoughts on play').getByText('Draft', { exact: true })).toBeVisible();
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    // The search has the admin's posts from this browser's store (BlogSearch's data-posts).
    await expect(page.locator('[data-blog-search]')).toHaveAttribute('data-posts', 'ready');
    await expect(page.getByText('Unfinished thoughts on play')).toHaveCount(0);
    await page.goto('/blog/unfinished-thoughts-on-play');
    // The 404 page's loader has looked in the store (BrowserPostLoader's data-checked).
    await expect(page.locator('[data-browser-post][data-checked]')).toHaveCount(1);
    await expect(page.getByText('Draft text.')).toHaveCount(0);
  });

  test('title and excerpt are required', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/admin/posts/new');
    await expect(page.getByLabel('Save as draft')).toBeChecked();
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Excerpt is required')).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  });

  test('opening a post published with the site is not a change', async ({ page }) => {
    // The pages' own clock (installed before they load), moved past the moment the unsaved copy would
    // be written (300 ms after a change: UNSAVED_COPY_DELAY_MS) rather than waited for.
    await page.clock.install();
    await page.reload();
    await row(page, 'Visual Schedules: A Practical Guide for Families')
      .getByRole('link', { name: /^Edit/ })
      .click();
    await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('visual schedule');
    await page.clock.runFor(1_000);
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admin-unsaved'))),
    ).toEqual([]);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/); // no "Leave without saving?" question
  });

  test('editing a post starts prefilled and saves the change', async ({ page }) => {
    await writePost(page, {
      title: 'Visual schedules',
      excerpt: 'Pictures that help.',
      body: 'First version.',
      tags: 'home,routines',
    });
    await row(page, 'Visual schedules').getByRole('link', { name: 'Edit Visual schedules' }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    await expect(page.getByLabel(/^Title/)).toHaveValue('Visual schedules');
    await expect(page.getByLabel(/^Excerpt/)).toHaveValue('Pictures that help.');
    await expect(page.getByLabel(/^Tags/)).toHaveValue('home, routines');
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText('First version.');
    await expect(page.getByLabel('Save as draft')).toBeChecked();
    await page.getByLabel(/^Title/).fill('Visual schedules at home');
    await page.getByLabel('Save as draft').uncheck();
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved “Visual schedules at home”' }),
    ).toBeVisible();
    await expect(row(page, 'Visual schedules at home').getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Visual schedules', exact: true })).toHaveCount(0);
  });

  test('an unknown post id says so and links back', async ({ page }) => {
    await page.goto('/admin/posts/987654/edit');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Post not found' })).toContainText(
      'There is no post number 987654 in this browser.',
    );
    await page.getByRole('link', { name: 'Back to all posts' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
  });

  test("a browser with no posts says 'No posts yet' in the status region", async ({ page }) => {
    // Every post of the site marked as already brought in (and since deleted) in this browser.
    const manifest = (await (await page.request.get('/blog/manifest.json')).json()) as {
      posts: { slug: string }[];
    };
    await putBrowserPosts(
      page,
      [],
      manifest.posts.map((post) => post.slug),
    );
    // The posts the sign-in brought in, deleted as the admin would.
    await page.evaluate(async () => {
      const request = indexedDB.open('BlogDatabase');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction('posts', 'readwrite');
      transaction.objectStore('posts').clear();
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    });
    await page.goto('/admin/posts');
    await expect(page.getByRole('status').filter({ hasText: 'No posts yet' })).toContainText(
      'Write your first post with New Post',
    );
  });

  test('delete asks first, in an accessible dialog', { tag: '@layout' }, async ({ page }) => {
    await writePost(page, { title: 'Short-lived post', excerpt: 'Will be deleted.', body: 'Bye.' });
    const deleteButton = await moreAction(page, 'Short-lived post', 'Delete Short-lived post');
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to delete this post?');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(row(page, 'Short-lived post')).toHaveCount(1);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted “Short-lived post”.' })).toBeVisible();
    await expect(row(page, 'Short-lived post')).toHaveCount(0);
    await page.reload();
    await expect(row(page, 'Visual Schedules: A Practical Guide for Families')).toBeVisible();
    await expect(row(page, 'Short-lived post')).toHaveCount(0);
  });

  // "Delete removes the post from this browser" (docs/admin-guide.md): the copy of its unsaved
  // changes in localStorage went on holding its text, offered to no form ever again.
  test('deleting a post deletes the unsaved changes kept for it too', async ({ page }) => {
    await writePost(page, { title: 'Post with a slip', excerpt: 'To be deleted.', body: 'First text.' });
    await row(page, 'Post with a slip').getByRole('link', { name: 'Edit Post with a slip' }).click();
    await page.getByLabel(/^Title/).fill('Post with a client’s name');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    const unsavedCopies = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('admin-unsaved')));
    await expect.poll(unsavedCopies).toHaveLength(1);
    page.once('dialog', (question) => void question.accept()); // leave; the changes are kept
    await page.goto('/admin/posts');
    await postListSettled(page);
    expect(await unsavedCopies()).toHaveLength(1);

    await (await moreAction(page, 'Post with a slip', 'Delete Post with a slip')).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted “Post with a slip”.' })).toBeVisible();
    expect(await unsavedCopies()).toEqual([]);
  });

  test('leaving a form with unsaved changes asks first and keeps them', async ({ page }) => {
    await page.goto('/admin/posts/new');
    await page.getByLabel(/^Title/).fill('Half-written idea');
    // The in-page Cancel asks in the page's own dialog.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    // Any other way out asks the browser's question, and keeps even what was typed just before.
    await page.getByLabel(/^Title/).fill('Half-written idea, continued');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await expect(page.getByLabel(/^Title/)).toHaveValue('Half-written idea, continued');
    await page.getByRole('button', { name: 'Discard restored changes' }).click();
    await expect(page.getByLabel(/^Title/)).toHaveValue('');
  });
});

test.describe('the editor', { tag: '@layout' }, () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, '/admin/posts/new');
  });

  test('has the toolbar buttons with pressed states, by mouse and keyboard', async ({ page }) => {
    await page.clock.install(); // before the page loads: installed into an open page, it stalls clicks
    await page.reload();
    const editor = page.getByRole('textbox', { name: 'Content' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(200);
    await editor.click();
    await page.keyboard.type('Hello ');
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('world');
    await expect(editor.locator('strong')).toHaveText('world');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(bold).toHaveAttribute('aria-pressed', 'false');

    // One tab stop; arrow keys move along the toolbar.
    await bold.focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const bullets = toolbar.getByRole('button', { name: 'Bullet list' });
    await expect(bullets).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.locator('ul li')).toHaveText('Hello world');
    await expect(bullets).toHaveAttribute('aria-pressed', 'true');
    // Changes more than 500 ms apart are separate undo steps (closer ones are grouped): the page's
    // clock is moved on 700 ms rather than waited for.
    await page.clock.runFor(700);
    await toolbar.getByRole('button', { name: 'Numbered list' }).click();
    await expect(editor.locator('ol li')).toHaveText('Hello world');
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await expect(editor.locator('ul li')).toHaveText('Hello world');
    await expect(editor.locator('ol')).toHaveCount(0);
  });

  test('the Heading and Quote buttons make a section heading and a quote, pressed while in one', async ({
    page,
  }) => {
    const editor = page.getByRole('textbox', { name: 'Content' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const heading = toolbar.getByRole('button', { name: 'Heading' });
    const quote = toolbar.getByRole('button', { name: 'Quote' });
    await editor.click();
    await page.keyboard.type('Getting started');
    await expect(heading).toHaveAttribute('aria-pressed', 'false');
    await heading.click();
    await expect(editor.locator('h2')).toHaveText('Getting started');
    await expect(heading).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A line to quote');
    await expect(heading).toHaveAttribute('aria-pressed', 'false');
    await quote.click();
    await expect(editor.locator('blockquote')).toHaveText('A line to quote');
    await expect(quote).toHaveAttribute('aria-pressed', 'true');
    await quote.click();
    await expect(editor.locator('blockquote')).toHaveCount(0);
    await expect(quote).toHaveAttribute('aria-pressed', 'false');
  });

  test('the link button asks for an address and applies it only if one is entered', async ({ page }) => {
    const editor = page.getByRole('textbox', { name: 'Content' });
    const link = page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Link', exact: true });
    await editor.click();
    await page.keyboard.type('Read the guide');
    await page.keyboard.press('ControlOrMeta+a');

    page.once('dialog', (dialog) => void dialog.dismiss());
    await link.click();
    await expect(editor.locator('a')).toHaveCount(0);

    page.once('dialog', (dialog) => void dialog.accept(''));
    await link.click();
    await expect(editor.locator('a')).toHaveCount(0);

    page.once('dialog', (dialog) => void dialog.accept('javascript:alert(1)'));
    await link.click();
    await expect(editor.locator('a')).toHaveCount(0);
    await expect(page.getByText('That address cannot be used for a link.')).toBeVisible();

    let message = '';
    page.once('dialog', (dialog) => {
      message = dialog.message();
      void dialog.accept('example.org/guide');
    });
    await link.click();
    expect(message).toContain('Link address');
    await expect(editor.locator('a')).toHaveAttribute('href', 'http://example.org/guide');
    await expect(link).toHaveAttribute('aria-pressed', 'true');
  });

  test('pasting from Google Docs keeps bold and italics where they were', async ({ page }) => {
    // Google Docs wraps the selection in a not-bold <b> and marks formatting with inline styles,
    // which the admin's Content-Security-Policy keeps the browser from reading as styles.
    const clipboard =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234">' +
      '<h1 dir="ltr"><span style="font-size:20pt;font-weight:400;">Getting ready</span></h1>' +
      '<p dir="ltr"><span style="font-weight:400;">Plain, </span><span style="font-weight:700;">bold</span>' +
      '<span style="font-weight:400;"> and </span><span style="font-weight:400;font-style:italic;">italic</span></p></b>';
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await pasteHtml(editor, clipboard, 'Getting ready Plain, bold and italic');
    await expect(editor.locator('h2')).toHaveText('Getting ready');
    await expect(editor.locator('strong')).toHaveText(['bold']);
    await expect(editor.locator('em')).toHaveText(['italic']);
  });

  test('a paste whose fields shadow the DOM’s own methods still pastes its words', async ({ page }) => {
    // In a form, a field named "closest" replaces the form's closest(): the clean-up must not fail.
    const clipboard =
      '<form style="font-style:italic"><input name="closest"><input name="getAttribute"></form>' +
      '<p>Words after a form</p>';
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await pasteHtml(editor, clipboard, 'Words after a form');
    await expect(editor).toContainText('Words after a form');
    await expect(editor.locator('input, form')).toHaveCount(0);
  });
});

test.describe('Markdown export and import', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page);
  });

  test('one post downloads as a content/posts file and imports back', async ({ page }, testInfo) => {
    await writePost(page, {
      title: 'Transitions to adulthood',
      excerpt: 'Planning ahead, one step at a time.',
      body: 'Start early.',
      tags: 'adults, planning',
      draft: false,
    });
    const downloading = page.waitForEvent('download');
    await (
      await moreAction(page, 'Transitions to adulthood', 'Download a copy of Transitions to adulthood')
    ).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('transitions-to-adulthood.md');
    const file = testInfo.outputPath('transitions-to-adulthood.md');
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    const { data, content } = readFrontMatter(text);
    expect(text.startsWith('---\n')).toBe(true);
    expect(data).toEqual({
      title: 'Transitions to adulthood',
      excerpt: 'Planning ahead, one step at a time.',
      tags: ['adults', 'planning'],
      author: 'Admin',
      // Toronto's clock with its offset, as Decap CMS's date fields read it.
      publishedAt: expect.stringMatching(TORONTO_MOMENT),
      updatedAt: expect.stringMatching(TORONTO_MOMENT),
      isDraft: false,
      slug: 'transitions-to-adulthood',
    });
    expect(content.trim()).toBe('<p>Start early.</p>');

    // Gone from the browser, then back from the file.
    await (await moreAction(page, 'Transitions to adulthood', 'Delete Transitions to adulthood')).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
    await expect(row(page, 'Transitions to adulthood')).toHaveCount(0);
    await page.locator('#import-files').setInputFiles(file);
    await expect(
      page.getByRole('status').filter({ hasText: 'Brought back 1 post (1 added).' }),
    ).toBeVisible();
    await expect(row(page, 'Transitions to adulthood').getByText('Published', { exact: true })).toBeVisible();

    // Importing it again replaces the post, after asking.
    await page.locator('#import-files').setInputFiles(file);
    const replace = page.getByRole('alertdialog', { name: 'Replace existing posts?' });
    await expect(replace).toContainText('transitions-to-adulthood.md replaces “Transitions to adulthood”');
    await replace.getByRole('button', { name: 'Bring back and replace' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Brought back 1 post (1 replaced).' }),
    ).toBeVisible();
    await expect(row(page, 'Transitions to adulthood')).toHaveCount(1);
  });

  test('a malformed file is named with its field and nothing is imported', async ({ page }) => {
    await expect(page.getByText('Loading posts...')).toHaveCount(0);
    const before = await page.getByRole('row').count();
    await page.locator('#import-files').setInputFiles([
      {
        name: 'good.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('---\ntitle: Good\nexcerpt: Fine.\n---\nText'),
      },
      { name: 'broken.md', mimeType: 'text/markdown', buffer: Buffer.from('---\ntitle: Broken\n---\nText') },
    ]);
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was brought back' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('broken.md: field "excerpt" is required.');
    await expect(row(page, 'Good')).toHaveCount(0);
    expect(await page.getByRole('row').count()).toBe(before);
  });

  test('export all downloads the posts new or changed here, site posts under their own file names', async ({
    page,
  }, testInfo) => {
    await writePost(page, { title: 'First of two', excerpt: 'One.', body: 'One.' });
    await writePost(page, { title: 'Second of two', excerpt: 'Two.', body: 'Two.' });
    // A post published with the site, changed here: its export must replace its file, picture kept.
    await row(page, 'Visual Schedules: A Practical Guide for Families')
      .getByRole('link', { name: /^Edit/ })
      .click();
    await page.getByLabel(/^Excerpt/).fill('Changed in the browser.');
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    await expect(row(page, 'First of two')).toBeVisible();
    const siteRows = (await page.getByRole('row').count()) - 1 - 3;

    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.getByRole('button', { name: 'Download a backup of all posts' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Downloaded 3 backup files, one per post.' }),
    ).toContainText(`${siteRows} posts published with the site and not changed here were left out`);
    await expect.poll(() => downloads.length).toBe(3);
    const names = downloads.map((download) => download.suggestedFilename());
    expect(names.sort()).toEqual([
      'first-of-two.md',
      'second-of-two.md',
      'visual-schedules-a-practical-guide.md',
    ]);

    const site = downloads.find((download) => download.suggestedFilename().startsWith('visual'))!;
    const file = testInfo.outputPath('visual-schedules-a-practical-guide.md');
    await site.saveAs(file);
    const { data } = readFrontMatter(await readFile(file, 'utf8'));
    const original = readFrontMatter(
      await readFile('content/posts/visual-schedules-a-practical-guide.md', 'utf8'),
    ).data;
    expect(data).toMatchObject({
      excerpt: 'Changed in the browser.',
      featuredImage: original.featuredImage,
      slug: 'visual-schedules-a-practical-guide-for-families',
    });
  });

  test('says so when the Markdown code cannot be downloaded', async ({ page }) => {
    await writePost(page, { title: 'Kept while offline', excerpt: 'One.', body: 'One.' });
    await page.route('**/_astro/markdown.*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Download a backup of all posts' }).click();
    // The list's alert (the Website panel has its own).
    const alert = page.getByRole('alert').filter({ hasText: 'The backup tools could not be loaded' });
    await expect(alert).toContainText(
      'The backup tools could not be loaded, so nothing was downloaded or brought back.',
    );
    await expect(alert.locator('[tabindex="-1"]')).toBeFocused();
    await expect(row(page, 'Kept while offline')).toBeVisible();
  });
});

test.describe('accessibility', { tag: '@layout' }, () => {
  // Each screen is checked as it stands in every contrast mode, switched between axe runs (one
  // sign-in and one set of posts for all of them); a failure names the screen and the mode.
  test('/login has no axe violations in any contrast mode', async ({ page }) => {
    // The page opens in a stored mode: the head script applies it before first paint.
    await page.addInitScript(() => {
      sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast: 'high' }));
    });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await expectNoAxeViolationsInModes(page, '/login', ['high', 'dark', 'normal']);
    await fillSignIn(page, 'nobody', 'nothing');
    await expect(page.getByRole('alert')).toHaveText(INVALID, SIGNED_IN);
    await expectNoAxeViolationsInModes(page, '/login with its error', ['normal']);
  });

  test('the admin pages have no axe violations in any contrast mode', async ({ page }) => {
    test.slow(); // several pages and dialogs, each checked by axe in three modes
    await openSignedIn(page);
    await writePost(page, { title: 'A draft in contrast', excerpt: 'Draft.', body: 'Text.' });
    await writePost(page, {
      title: 'Published in contrast',
      excerpt: 'Live.',
      body: 'Text.',
      draft: false,
    });
    await postListSettled(page); // axe reads the whole list: every row and its publishing state
    await expectNoAxeViolationsInModes(page, 'the post list with its badges');
    await (await moreAction(page, 'A draft in contrast', 'Delete A draft in contrast')).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolationsInModes(page, 'the delete dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin/posts/new');
    await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expectNoAxeViolationsInModes(page, 'the new post form with its errors');

    await page.goto('/admin/posts');
    await row(page, 'A draft in contrast').getByRole('link', { name: 'Edit A draft in contrast' }).click();
    await expect(page.getByLabel(/^Title/)).toHaveValue('A draft in contrast');
    await expectNoAxeViolationsInModes(page, 'the edit form', ['normal']);
  });
});
