// The admin's post list as a test reads it at any width (issue 35): a table row from 1024 px, a card
// below; the everyday actions in the entry, the others behind its "More" button.
import type { Locator, Page } from '@playwright/test';

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
