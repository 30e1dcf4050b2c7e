// The admin's post list as a test reads it at any width (issue 35): a table row from 1024 px, a card
// below; the everyday actions in the entry, the others behind its "More" button.
import { expect, type Locator, type Page } from '@playwright/test';

/** The row or card of the post with this title (the one the page shows at its width). */
export function postEntry(page: Page, title: string): Locator {
  const named = page
    .getByRole('rowheader', { name: title, exact: true })
    .or(page.getByRole('heading', { name: title, exact: true }));
  return page.getByRole('row').or(page.getByRole('article')).filter({ has: named });
}

/** The post's "More" button (a disclosure's summary, named "More actions for {title}"). */
export const moreButton = (page: Page, title: string): Locator => postEntry(page, title).locator('summary');

/** One of a post's actions behind "More" (schedule, download, remove, delete), the menu opened first. */
export async function moreAction(page: Page, title: string, name: string | RegExp): Promise<Locator> {
  const entry = postEntry(page, title);
  const more = entry.locator('details');
  if ((await more.getAttribute('open')) === null) {
    await moreButton(page, title).click();
  }
  return entry.getByRole('button', { name });
}

/**
 * Waits until the post list shows what it will show: the posts drawn from this browser's store
 * (IndexedDB: "Loading posts..." gone), where posts are published found ("Checking where…" gone) and
 * the build's manifest read (its response in, then a frame and a task for the list to take it in).
 * For a test that looks at the whole list (a screenshot, axe) rather than waiting on one post.
 */
export async function postListSettled(page: Page): Promise<void> {
  // The islands' own texts (POST_LIST_TEXT.loading, PUBLISH_TEXT.checking) and MANIFEST_URL: their
  // modules import astro: ones, which Playwright's loader cannot.
  await expect(page.getByText('Loading posts...')).toHaveCount(0);
  await expect(page.getByText('Checking where posts are published...')).toHaveCount(0);
  await page.waitForFunction(
    (url) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === url),
    '/blog/manifest.json',
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

export interface NewPost {
  title: string;
  excerpt: string;
  body: string;
  tags?: string;
  /** Leaves "Save as draft" as the form starts it (ticked) unless false. */
  draft?: boolean;
}

/**
 * Writes a post in the admin's form and saves it, then waits for it in the post list. The body goes
 * into the editor as one insertion, as a plain-text paste would, not key by key: what typing does
 * in the editor is the editor tests' subject.
 */
export async function writePost(page: Page, post: NewPost): Promise<void> {
  await page.goto('/admin/posts/new');
  await page.getByLabel(/^Title/).fill(post.title);
  await page.getByLabel(/^Excerpt/).fill(post.excerpt);
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.insertText(post.body);
  if (post.tags) await page.getByLabel(/^Tags/).fill(post.tags);
  if (post.draft === false) await page.getByLabel('Save as draft').uncheck();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(postEntry(page, post.title)).toBeVisible();
}
