import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFrontMatter } from '../../src/lib/text/post-file';
import { expect, test } from './fixtures';
import { openSignedIn } from './session-seed';
import { ROOT, useDecapCmsRoute, useDecapRepository } from './decap-repository';
import { moreAction, postEntry, writePost } from './admin-posts';

// Scheduling a post (issue 30), as an editor does it, against the real decap-server (fs mode, as
// `npm run cms` runs it) on a copy of content/: in the admin, "Publish at a date and time" writes the
// file's publishedAt with Toronto's offset and the status reads "Scheduled for …" until that moment,
// then "On the website" (the page's clock is moved past it); in Decap CMS, publishedAt takes a date
// and time and the list of posts says which posts are scheduled and for when. Desktop only: the
// layout is the admin's and Decap's own, checked elsewhere.

const TORONTO = 'America/Toronto';

// The suite's server is a build for a public address whose admin pages may not connect to a port of
// this computer (security.spec.ts); as in publish.spec.ts, this suite does not apply the pages' CSP.
test.use({ bypassCSP: true });

/** 'Monday, December 7, 2026': the day of a 'YYYY-MM-DD' as the status writes it. */
function dayWords(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Toronto's offset on that day at 8:00, as '-05:00' or '-04:00'. */
function torontoOffset(day: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TORONTO, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T13:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  return name.replace('GMT', '');
}

const SCHEDULED_IN_GIT = { title: 'A workshop note for later', publishedAt: '2030-12-07T08:00' };

/** A copy of content/ with one post scheduled in git, as an editor would have committed it. */
const repository = useDecapRepository('scheduling-', async (dir) => {
  await cp(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  await writeFile(
    path.join(dir, 'content/posts/a-workshop-note-for-later.md'),
    `---\ntitle: ${SCHEDULED_IN_GIT.title}\nexcerpt: Written ahead of the workshop, on the website on its morning.\npublishedAt: ${SCHEDULED_IN_GIT.publishedAt}\n---\n\nSee you there.\n`,
  );
});

useDecapCmsRoute(repository);

const row = postEntry;

/** A moment's Toronto wall clock: 'YYYY-MM-DDTHH:mm' for the field, and how the status writes it. */
function torontoClock(moment: number) {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: TORONTO,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
    })
      .formatToParts(new Date(moment))
      .map((p) => [p.type, p.value]),
  );
  const day = `${part.year}-${part.month}-${part.day}`;
  const hour = Number(part.hour);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return {
    field: `${day}T${part.hour}:${part.minute}`,
    reads: `${dayWords(day)}, ${twelve}:${part.minute} ${hour < 12 ? 'a.m.' : 'p.m.'}`,
    offset: torontoOffset(day),
  };
}

test('the admin publishes a post for a few minutes ahead; it reads as scheduled until then', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  const title = 'Ready for Monday Morning';
  // A whole minute a few minutes ahead: the admin's session outlasts the wait the clock skips.
  const moment = Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000;
  const when = torontoClock(moment);
  await openSignedIn(page, '/admin/posts/new');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Excerpt/).fill('A post that goes on the website in a few minutes.');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Written now, read a little later.');
  await page.getByLabel('Save as draft').uncheck();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(page.getByText('Publishing writes to the project folder on this computer')).toBeVisible();

  await (await moreAction(page, title, `Publish at a date and time ${title}`)).click();
  const dialog = page.getByRole('alertdialog', { name: 'Publish at a date and time' });
  const field = dialog.getByLabel('Date and time (Toronto time)');
  // A time already past is refused, and nothing is written.
  await field.fill(torontoClock(Date.now() - 86_400_000).field);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('That time has already come')).toBeVisible();
  await field.fill(when.field);
  // One full stop: the moment's 'a.m.' ends the sentence ('a.m..' before).
  await expect(dialog.getByText(`On the website ${when.reads}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Schedule' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'It goes on the website' })).toContainText(
    `${when.reads} (Toronto time)`,
  );
  const status = row(page, title).getByText(`Scheduled for ${when.reads}`);
  await expect(status).toBeVisible();
  const file = await readFile(path.join(repository.dir, 'content/posts/ready-for-monday-morning.md'), 'utf8');
  expect(file).toMatch(new RegExp(`^publishedAt: '?${when.field}:00${when.offset}'?$`, 'm'));
  expect(file).toContain('isDraft: false');

  // Past that minute, the same page says so without a reload: not "On the website" (the file is in
  // the project folder; the site is not built again here), but that visitors do not see it yet.
  await page.clock.fastForward(moment - (await page.evaluate(() => Date.now())) + 1000);
  await expect(
    row(page, title).getByText('Written on this computer; visitors do not see this version yet'),
  ).toBeVisible();
  await expect(status).toHaveCount(0);
});

test('Decap CMS takes a date and time, and its list says which posts are scheduled and for when', async ({
  page,
}) => {
  test.slow();
  await page.goto('/cms/');
  await page.getByRole('button', { name: /login/i }).click();
  await page.goto('/cms/#/collections/posts');
  await expect(
    page.getByText(`Scheduled for ${dayWords('2030-12-07')}, 8:00 a.m.: ${SCHEDULED_IN_GIT.title}`),
  ).toBeVisible({
    timeout: 30_000,
  });
  // A post that is already out has no such note.
  const pastPost = page.getByText(/Planning the Move to Adult Life in Ontario \(/).first();
  await expect(pastPost).toBeVisible();
  await expect(pastPost).not.toContainText('Scheduled');

  const title = 'A CMS post for a December morning';
  await page.goto('/cms/#/collections/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Excerpt').fill('Written in Decap CMS, on the website on a chosen morning.');
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('Some words.');
  const when = page.locator('input[type="datetime-local"]').first();
  await when.fill('2030-12-09T08:30');
  await page.getByRole('button', { name: 'Publish' }).first().click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  const file = path.join(repository.dir, 'content/posts/a-cms-post-for-a-december-morning.md');
  await expect
    .poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 20_000 })
    .toContain('publishedAt: 2030-12-09T08:30\n');
  const text = await readFile(file, 'utf8');
  expect(text).not.toContain('scheduleNote');
  expect(text).not.toContain('Scheduled for');

  // Decap moves a new entry's editor to the entry's own address once it is saved; a click on the way
  // back to the list before that move is undone by it, so wait for it first.
  await expect(page).toHaveURL(/#\/collections\/posts\/entries\/a-cms-post-for-a-december-morning$/);
  // Back to the list, as an editor does: it shows the saved post as scheduled straight away.
  await page.getByRole('link', { name: /Blog posts collection/ }).click();
  await expect(page.getByText(`Scheduled for ${dayWords('2030-12-09')}, 8:30 a.m.: ${title}`)).toBeVisible({
    timeout: 30_000,
  });
});

// Publish from the admin, then open the file in Decap CMS: its date and time field reads the written
// clock time as Toronto time, so the admin writes Toronto's (with the offset). Written in UTC, the
// field showed a time hours off, and changing the date moved the post by that much.
test('a post the admin publishes opens in Decap CMS at its Toronto date and time', async ({ page }) => {
  test.slow();
  const title = 'Published From the Admin Before Lunch';
  await openSignedIn(page, '/admin/posts/new');
  await writePost(page, {
    title,
    excerpt: 'Written in the browser, opened later in Decap CMS.',
    body: 'A few words.',
    draft: false,
  });
  await row(page, title)
    .getByRole('button', { name: `Publish to website ${title}` })
    .click();
  await expect(
    row(page, title).getByText('Written on this computer; visitors do not see this version yet'),
  ).toBeVisible();
  const file = await readFile(
    path.join(repository.dir, 'content/posts/published-from-the-admin-before-lunch.md'),
    'utf8',
  );
  // Written as Toronto's clock with its offset ('2026-12-07T11:30:00.250-05:00').
  const publishedAt = readFrontMatter(file).data.publishedAt;
  expect(publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?-0[45]:00$/);
  const when = torontoClock(Date.parse(publishedAt as string));

  await page.goto('/cms/');
  await page.getByRole('button', { name: /login/i }).click();
  await page.goto('/cms/#/collections/posts/entries/published-from-the-admin-before-lunch');
  await expect(page.locator('input[type="datetime-local"]').first()).toHaveValue(when.field, {
    timeout: 30_000,
  });
});
