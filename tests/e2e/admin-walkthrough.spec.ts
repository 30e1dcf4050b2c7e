import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { readFrontMatter } from '../../src/lib/text/post-file';
import { expect, signIn, test } from './fixtures';
import { useDecapRepository } from './decap-repository';
import { moreAction, postEntry, postListSettled } from './admin-posts';

// The whole task of the practice's staff (issue 35), as one of them would do it, at 1280 px and at
// 390 px (a phone: touch, mobile viewport): sign in, write a post with a picture from the computer,
// preview it as a draft, publish it to the website (the real decap-server, as `npm run cms` runs it),
// edit it and publish again, take it off the website, delete it. A screenshot at each step is
// attached to the test's results (open them to look at the admin as staff see it).

// The suite's server is a build for a public address, whose admin may not connect to this
// computer's ports (src/integrations/security.mjs): as in publish.spec.ts, the CSP is not applied.
test.use({ bypassCSP: true });

/** A working copy with the site's posts, all decap-server's fs mode needs to publish into. */
const repository = useDecapRepository('walkthrough-e2e-');

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** A photo as a staff member's computer holds one: wider than the site ever shows. */
async function photo(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 2000, height: 1300, channels: 3, background: '#c9822b' } })
    .jpeg()
    .toBuffer();
}

function camera(page: Page, info: TestInfo) {
  let step = 0;
  return async (name: string) => {
    step += 1;
    const file = info.outputPath(`${String(step).padStart(2, '0')}-${name}.png`);
    // What the window shows, as the staff member sees it (each action scrolls its target into view).
    await page.screenshot({ path: file, scale: 'css' });
    await info.attach(name, { path: file, contentType: 'image/png' });
  };
}

const SIZES = [
  { name: 'at 1280 px', use: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'at 390 px, on a phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  },
];

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('staff write a post with a picture, preview it, publish it, edit it and take it off', async ({
      page,
    }, info) => {
      test.setTimeout(180_000);
      const shoot = camera(page, info);
      const width = page.viewportSize()!.width;
      const title = `Calmer Mornings at ${width}`;
      const slug = `calmer-mornings-at-${width}`;
      const file = path.join(repository.dir, 'content/posts', `${slug}.md`);
      const pictureFile = path.join(repository.dir, 'content/posts/images', `${slug}-breakfast-table.webp`);

      await page.goto('/login');
      await shoot('sign-in');
      await signIn(page);
      await postListSettled(page); // the list staff see, not 'Loading posts...'
      await shoot('posts-list');

      // Write, with a picture from the computer.
      await page.getByRole('link', { name: 'New post' }).click();
      await page.getByLabel(/^Title/).fill(title);
      await page.getByLabel(/^Excerpt/).fill('Small steps that make mornings calmer for the whole family.');
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.type('Start with one picture card for each step of the morning.');
      await page.getByLabel(/^Tags/).fill('routines, home');
      await shoot('new-post');
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a picture' });
      await shoot('picture-dialog');
      await dialog.getByLabel('Picture from this computer').setInputFiles({
        name: 'Breakfast table.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      });
      await expect(dialog.getByText('Chosen: Breakfast table.jpg')).toBeVisible();
      await dialog.getByLabel(/^Alt text/).fill('Picture cards for each step of breakfast on the table');
      await shoot('picture-chosen');
      await dialog.getByRole('button', { name: 'Add picture' }).click();
      const editor = page.getByRole('textbox', { name: 'Content' });
      await expect(
        editor.getByRole('img', { name: 'Picture cards for each step of breakfast on the table' }),
      ).toBeVisible();
      await shoot('picture-in-post');

      // Saved as a draft (the form's default), and previewed.
      await expect(page.getByLabel('Save as draft')).toBeChecked();
      await page.getByRole('button', { name: 'Save post' }).click();
      await expect(page).toHaveURL(/\/admin\/posts$/);
      await expect(
        page.getByRole('status').filter({ hasText: `Saved “${title}” as a draft.` }),
      ).toBeVisible();
      await expect(postEntry(page, title).getByText('Draft: only you can see it')).toBeVisible();
      await postListSettled(page);
      await shoot('saved-as-draft');
      await postEntry(page, title)
        .getByRole('link', { name: `Preview ${title}` })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('note', { name: 'Who can see this post' })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('img', { name: /Picture cards for each step/ }),
      ).toBeVisible();
      await shoot('draft-preview');

      // Ready: no longer a draft, then published to the website.
      await page.goto('/admin/posts');
      await postEntry(page, title)
        .getByRole('link', { name: `Edit ${title}` })
        .click();
      await page.getByLabel('Save as draft').uncheck();
      await page.getByRole('button', { name: 'Save post' }).click();
      await expect(page).toHaveURL(/\/admin\/posts$/);
      await expect(postEntry(page, title).getByText('Not on the website yet')).toBeVisible();
      await shoot('ready-to-publish');
      await postEntry(page, title)
        .getByRole('button', { name: `Publish to website ${title}` })
        .click();
      await expect(
        page.getByRole('status').filter({ hasText: `Wrote content/posts/${slug}.md` }),
      ).toBeVisible();
      await expect(postEntry(page, title).getByText(/^Written on this computer/)).toBeVisible();
      await shoot('published');
      const published = readFrontMatter(await readFile(file, 'utf8'));
      expect(published.data).toMatchObject({ title, isDraft: false });
      expect(published.content).toContain(
        `![Picture cards for each step of breakfast on the table](./images/${slug}-breakfast-table.webp)`,
      );
      const { default: sharp } = await import('sharp');
      expect((await sharp(await readFile(pictureFile)).metadata()).width).toBe(1200);

      // Edited, and published again: the same file, the post's date kept.
      await postEntry(page, title)
        .getByRole('link', { name: `Edit ${title}` })
        .click();
      await page.getByLabel(/^Excerpt/).fill('Small steps for calmer mornings, with a picture for each.');
      await page.getByRole('button', { name: 'Save post' }).click();
      await expect(page).toHaveURL(/\/admin\/posts$/);
      await expect(postEntry(page, title).getByText('Changed since you last published it')).toBeVisible();
      await shoot('edited');
      await postEntry(page, title)
        .getByRole('button', { name: `Publish to website ${title}` })
        .click();
      await expect(postEntry(page, title).getByText(/^Written on this computer/)).toBeVisible();
      const republished = readFrontMatter(await readFile(file, 'utf8'));
      expect(republished.data.excerpt).toBe('Small steps for calmer mornings, with a picture for each.');
      expect(republished.data.publishedAt).toEqual(published.data.publishedAt);
      await shoot('published-again');

      // Taken off the website, then deleted.
      await (await moreAction(page, title, `Remove from website ${title}`)).click();
      const remove = page.getByRole('alertdialog', { name: 'Remove this post from the website?' });
      await expect(remove.getByRole('button', { name: 'Remove from website' })).toBeInViewport({ ratio: 1 });
      await shoot('remove-question');
      await remove.getByRole('button', { name: 'Remove from website' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `Deleted content/posts/${slug}.md` }),
      ).toBeVisible();
      await expect(postEntry(page, title).getByText('Taken off the website')).toBeVisible();
      await shoot('removed');
      expect(await readdir(path.join(repository.dir, 'content/posts'))).not.toContain(`${slug}.md`);

      await (await moreAction(page, title, `Delete ${title}`)).click();
      const del = page.getByRole('alertdialog', { name: 'Delete this post?' });
      await expect(del.getByRole('button', { name: 'Delete post' })).toBeInViewport({ ratio: 1 });
      await shoot('delete-question');
      await del.getByRole('button', { name: 'Delete post' }).click();
      await expect(postEntry(page, title)).toHaveCount(0);
      await shoot('deleted');
    });
  });
}
