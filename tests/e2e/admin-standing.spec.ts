import type { Page } from '@playwright/test';
import { DELETE_KEEPS_WEBSITE_COPY } from '../../src/islands/admin/DeletePostDialog';
import { expect, readableFontLoaded, test, withLargestSettings, wordsCutMidWord } from './fixtures';
import { openSignedIn } from './session-seed';
import { moreAction, moreButton, postEntry, writePost } from './admin-posts';
import { putBrowserPosts } from './browser-store';

// Issue 35, for the practice's staff: where a post stands, in the same plain words in the list,
// after a save and on the post's own page (with a banner while visitors cannot see it); a draft's
// preview; the list as cards on a phone, never wider than the screen; the delete question whole,
// and its warning for every post on the website. Tagged @layout: it runs at desktop and phone size.

const SITE_POST = 'Daily Living Routines, One Small Step at a Time';
/** The excerpt of the posts these tests write. */
const WRITTEN = 'Written to check the list.';
const LONG_TITLE =
  'Communication boards, visual schedules and first-then cards: a long title for a narrow screen';

/** How far the page reaches past the window, in CSS pixels (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('where a post stands', { tag: '@layout' }, () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page);
  });

  test('a saved post says the same in the save message, the list and on its page, with a banner', async ({
    page,
  }) => {
    const title = 'Not Yet for Visitors';
    await writePost(page, { title, excerpt: WRITTEN, body: `The text of ${title}.`, draft: false });
    // The spec's words stay; where the post stands follows them.
    await expect(
      page.getByRole('status').filter({ hasText: `Saved “${title}” as a published post.` }),
    ).toContainText('Where it stands: Not on the website yet.');
    const entry = postEntry(page, title);
    await expect(entry.getByText('Published', { exact: true })).toBeVisible();
    await expect(entry.getByText('Not on the website yet', { exact: true })).toBeVisible();

    // Its page in this browser is not taken for a live one.
    await entry.getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const banner = page.getByRole('note', { name: 'Who can see this post' });
    await expect(banner).toContainText('Visitors cannot see this page: only you can, in this browser.');
    await expect(banner).toContainText('Not on the website yet.');

    // The post's own page in the admin explains it.
    await page.goto('/admin/posts');
    await postEntry(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click();
    await expect(page.getByText('Not on the website yet', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Saved in this browser only; visitors cannot see it.')).toBeVisible();
  });

  test('a draft can be previewed, with a banner, and stays off the blog', async ({ page }) => {
    const title = 'A Draft to Preview';
    await writePost(page, { title, excerpt: WRITTEN, body: `The text of ${title}.`, draft: true });
    await expect(page.getByRole('status').filter({ hasText: `Saved “${title}” as a draft.` })).toContainText(
      'Where it stands: Draft: only you can see it.',
    );
    const entry = postEntry(page, title);
    await expect(entry.getByText('Draft: only you can see it')).toBeVisible();
    await expect(entry.getByRole('link', { name: `View ${title}`, exact: true })).toHaveCount(0);
    await entry.getByRole('link', { name: `Preview ${title}`, exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/a-draft-to-preview\?preview$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`The text of ${title}.`)).toBeVisible();
    await expect(page.getByRole('note', { name: 'Who can see this post' })).toContainText(
      'Draft: only you can see it.',
    );
    // Without the preview address, a draft is not shown.
    await page.goto('/blog/a-draft-to-preview');
    await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("a draft's preview needs the admin signed in: after signing out it is not shown", async ({ page }) => {
    // A shared office computer: whoever uses it next, without the password, must not read the drafts
    // by opening a preview address from the browser's history.
    const title = 'A Draft Behind the Sign-In';
    await writePost(page, { title, excerpt: WRITTEN, body: `The text of ${title}.`, draft: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/blog/a-draft-behind-the-sign-in?preview');
    await expect(page.locator('[data-browser-post]')).toHaveAttribute('data-checked', '');
    await expect(page.getByText(`The text of ${title}.`)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  });

  test('deleting a site post warns that visitors keep seeing it', async ({ page }) => {
    await expect(postEntry(page, SITE_POST).getByText('On the website', { exact: true })).toBeVisible();
    await (await moreAction(page, SITE_POST, `Delete ${SITE_POST}`)).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await expect(dialog).toContainText('Are you sure you want to delete this post?');
    await expect(dialog).toContainText(DELETE_KEEPS_WEBSITE_COPY);
    await page.keyboard.press('Escape');
  });
});

/** Signed in, on the post list, with a post whose title is long (LONG_TITLE), on the website. */
async function signedInWithLongTitledPost(page: Page) {
  await openSignedIn(page);
  await writePost(page, {
    title: LONG_TITLE,
    excerpt: WRITTEN,
    body: `The text of ${LONG_TITLE}.`,
    draft: false,
  });
}

test.describe('the post list fits', { tag: '@layout' }, () => {
  test('one card per post on a phone, a table with actions on one line on a desktop', async ({ page }) => {
    await signedInWithLongTitledPost(page);
    const entry = postEntry(page, LONG_TITLE);
    const phone = test.info().project.name === 'phone';
    await expect(page.getByRole('table')).toBeVisible({ visible: !phone });
    await expect(entry).toHaveRole(phone ? 'article' : 'row');
    await expect(entry.getByText('Not on the website yet', { exact: true })).toBeVisible();
    await expect(entry.getByText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
    await expect(entry.getByRole('link', { name: `Edit ${LONG_TITLE}` })).toBeVisible();
    // The actions that lose work wait behind "More", set apart from the rest.
    await expect(entry.getByRole('button', { name: `Delete ${LONG_TITLE}` })).toBeHidden();
    const remove = await moreAction(page, LONG_TITLE, `Delete ${LONG_TITLE}`);
    await expect(remove).toBeVisible();
    if (!phone) {
      // Closed, every row's actions fit one line: Edit, View and More side by side.
      await moreButton(page, LONG_TITLE).click();
      const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') });
      const tops = await rows.evaluateAll((rows) =>
        rows.map((row) => {
          const actions = [...row.querySelectorAll('td:last-child > div > *')];
          return new Set(actions.map((action) => Math.round(action.getBoundingClientRect().top))).size;
        }),
      );
      expect(new Set(tops)).toEqual(new Set([1]));
    }
  });

  test('the page is never wider than the window, and the delete question is whole', async ({ page }) => {
    test.slow(); // six widths
    await signedInWithLongTitledPost(page);
    for (const width of [320, 390, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(postEntry(page, LONG_TITLE)).toBeVisible();
      expect(await overflow(page), `at ${width} px`).toBe(0);
      const remove = await moreAction(page, LONG_TITLE, `Delete ${LONG_TITLE}`);
      expect(await overflow(page), `at ${width} px, "More" open`).toBe(0);
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
      await expect(dialog.getByRole('button', { name: 'Delete post' })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('heading', { name: 'Delete this post?' })).toBeInViewport({ ratio: 1 });
      expect(await overflow(page), `at ${width} px, dialog open`).toBe(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await moreButton(page, LONG_TITLE).click(); // closes it again
    }
  });
});

// The table is for 1,024 px and up, so this runs on the desktop project only (not tagged @layout).
test.describe('the post list fits with every setting at its largest', () => {
  // With every setting at its largest, the table's actions, kept on one line, took 729 of its 952 px
  // at 1,024 px, and the title column, 74 px, cut every word of a title letter by letter. There the
  // list keeps its cards, as on a phone, until it is 56rem wide.
  test('with every setting at its largest, a title keeps its words whole from 1024 px', async ({ page }) => {
    await withLargestSettings(page);
    await signedInWithLongTitledPost(page);
    await readableFontLoaded(page);
    for (const [width, height] of [
      [1024, 768],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      const titles = page.getByRole('rowheader').or(page.getByRole('article').getByRole('heading'));
      await expect(titles.first()).toBeVisible();
      for (const title of await titles.all())
        expect.soft(await wordsCutMidWord(title, { widerToo: true }), `at ${width} px`).toEqual([]);
    }
  });
});

// The host builds the site after a publish (issue 35): the list reads the build's manifest again when
// the admin comes back to the page, and on every load, so "Sent to the website" becomes "On the
// website" once the build has the very file this browser sent.
test(
  'a post sent to the website is "On the website" once the build has it',
  { tag: '@layout' },
  async ({ page }) => {
    const title = 'Sent Before the Build';
    const file = 'sent-before-the-build.md';
    const sha256 = 'ab'.repeat(32);
    const updatedAt = '2026-03-02T10:00:00.000Z';
    await putBrowserPosts(page, [
      {
        slug: 'sent-before-the-build',
        title,
        excerpt: 'Published from this browser, waiting for the host.',
        content: '<p>Sent.</p>',
        tags: [],
        isDraft: 0,
        publishedAt: updatedAt,
        publication: {
          file,
          state: 'published',
          sha256,
          postUpdatedAt: Date.parse(updatedAt),
          at: new Date(updatedAt),
          committed: true,
          publishedAt: Date.parse(updatedAt),
        },
      },
    ]);
    await openSignedIn(page);
    const entry = postEntry(page, title);
    await expect(
      entry.getByText('Sent to the website; visitors see this version after the next update', {
        exact: true,
      }),
    ).toBeVisible();

    // The host's build: the manifest now lists the file with the text this browser sent.
    let built = false;
    await page.route('**/blog/manifest.json', async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as { revision: string; posts: Array<Record<string, unknown>> };
      if (built) {
        manifest.revision += '-rebuilt';
        manifest.posts.push({
          ...manifest.posts[0],
          slug: 'sent-before-the-build',
          title,
          excerpt: 'Published from this browser, waiting for the host.',
          content: '<p>Sent.</p>',
          tags: [],
          featuredImage: undefined,
          publishedAt: updatedAt,
          updatedAt,
          source: { file, sha256 },
          revision: 'sent-before-the-build',
        });
      }
      await route.fulfill({ response, json: manifest });
    });
    built = true;
    const read = page.waitForResponse('**/blog/manifest.json');
    // The admin comes back to the page (from another tab or window).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await read;
    await expect(entry.getByText('On the website', { exact: true })).toBeVisible();
    await expect(entry.getByText(/^Sent to the website/)).toHaveCount(0);

    // And on the next load.
    await page.reload();
    await expect(postEntry(page, title).getByText('On the website', { exact: true })).toBeVisible();
  },
);
