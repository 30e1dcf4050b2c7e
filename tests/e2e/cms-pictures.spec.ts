import { cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { frontMatterText, readPublishTime } from '../../src/lib/site/publish-time.mjs';
import { picturesProblem } from '../../src/lib/text/post-body';
import { expect, test } from './fixtures';
import { ROOT, useDecapCmsRoute, useDecapRepository } from './decap-repository';

// A post written in Decap CMS as an editor would, with a picture in its text (issue 18): the Body's
// picture button, an upload through the media library, alt text, "Publish now" against the real
// decap-server (fs mode, as `npm run cms` runs it) on a copy of content/. The file it writes must pass
// the build's picture rule; a picture without alt text is refused before anything is written, and so
// is a Slug that names another post's address (decision 0056). Decap's own markup
// is not ours to fix, so this suite runs no axe check (docs/content-editing.md).

// The suite's server is a build for a public address (https SITE_URL), whose CMS page may not
// connect to decap-server's port on this computer (src/integrations/security.mjs, cmsRelaxations;
// security.spec.ts checks that policy, tests/unit/security-headers.test.ts its blob: for uploads):
// as in publish.spec.ts, the browser here does not apply the pages' Content-Security-Policy.
test.use({ bypassCSP: true });

let photos: { park: string; plain: string; clash: string };

/** A copy of content/, and two photos beside it for the media library's upload. */
const repository = useDecapRepository('cms-pictures-', async (dir) => {
  await cp(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  // The clash: a photo under the name of another post's picture (content/posts/images/visual-schedules.svg).
  await mkdir(path.join(dir, 'clash'));
  photos = {
    park: path.join(dir, 'park-photo.png'),
    plain: path.join(dir, 'plain-photo.png'),
    clash: path.join(dir, 'clash', 'visual-schedules.svg'),
  };
  for (const file of [photos.park, photos.plain]) {
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#a8cba0' } })
      .png()
      .toFile(file);
  }
  await writeFile(
    photos.clash,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
  );
});

test.beforeEach(() => {
  // Decap CMS's editor is for a desktop screen: the desktop project runs it (no @layout tag).
  // Decap's bundle (a few MB) loads and compiles its configuration before anything can be typed.
  test.slow();
});
useDecapCmsRoute(repository);

async function newPost(page: Page, title: string) {
  await page.goto('/cms/');
  await page.getByRole('button', { name: /login/i }).click();
  await page.goto('/cms/#/collections/posts/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Excerpt').fill('A post written in Decap CMS with a picture in its text.');
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('Some words before the picture.');
  await page.keyboard.press('Enter');
}

/** The Body's picture button, an upload through the media library, and the picture's alt text. */
async function addPicture(page: Page, file: string, alt: string) {
  await page.getByRole('button', { name: 'Add Component' }).click();
  await page.getByRole('menuitem', { name: 'Image' }).click();
  await page.getByRole('button', { name: 'Choose an image' }).last().click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  if (alt) await page.getByLabel('Alt Text').fill(alt);
}

/** Resolves once decap-server has written `file` ("Publish now" answers before the disk has it). */
async function fileWritten(file: string) {
  await expect
    .poll(
      () =>
        stat(file).then(
          () => true,
          () => false,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function publishNow(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).first().click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

test('a picture uploaded in the post body is saved next to the posts, previewed, and accepted by the build', async ({
  page,
}) => {
  await newPost(page, 'Pictures from the CMS');
  await addPicture(page, photos.park, 'A green park on a sunny day');

  // The preview shows the picture itself, from the upload not yet saved (not a broken /cms/images/ path).
  const preview = page
    .frameLocator('iframe')
    .first()
    .getByRole('img', { name: 'A green park on a sunny day' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);

  await publishNow(page);
  const file = path.join(repository.dir, 'content/posts/pictures-from-the-cms.md');
  await fileWritten(file);
  const text = await readFile(file, 'utf8');
  expect(text).toContain('![A green park on a sunny day](images/park-photo.png)');
  expect((await stat(path.join(repository.dir, 'content/posts/images/park-photo.png'))).size).toBeGreaterThan(
    0,
  );
  // The build's own rule, with the file check the build makes (src/content.config.ts).
  const fileExists = (name: string) => name === 'park-photo.png';
  expect(picturesProblem(text, undefined, { fileExists })).toBeUndefined();
});

test('a picture without alt text is refused before anything is saved, saying what to write', async ({
  page,
}) => {
  await newPost(page, 'A picture without words');
  await addPicture(page, photos.plain, '');
  await publishNow(page);
  await expect(page.getByText(/it has no alt text: describe it between the brackets/)).toBeVisible();
  await expect(
    stat(path.join(repository.dir, 'content/posts/a-picture-without-words.md')).then(
      () => 'written',
      () => 'not written',
    ),
  ).resolves.toBe('not written');
});

test('an upload named as another post’s picture is refused before it replaces that picture', async ({
  page,
}) => {
  const theirs = path.join(repository.dir, 'content/posts/images/visual-schedules.svg');
  const before = await readFile(theirs, 'utf8');
  await newPost(page, 'A picture with a taken name');
  await addPicture(page, photos.clash, 'A black square');
  await publishNow(page);
  await expect(
    page.getByText(/The picture “visual-schedules\.svg” you uploaded has the name of a file already in/),
  ).toBeVisible();
  expect(await readFile(theirs, 'utf8')).toBe(before);
  await expect(
    stat(path.join(repository.dir, 'content/posts/a-picture-with-a-taken-name.md')).then(
      () => 'written',
      () => 'not written',
    ),
  ).resolves.toBe('not written');
});

const takenAddresses = [
  {
    slug: 'visual-schedules-a-practical-guide-for-families',
    owner: 'visual-schedules-a-practical-guide.md',
    whose: 'a published post’s',
  },
  { slug: 'saved-for-later', owner: 'notes-for-later.md', whose: 'a draft’s' },
];
for (const { slug, owner, whose } of takenAddresses) {
  test(`a Slug naming ${whose} address is refused before anything is saved, naming that post`, async ({
    page,
  }) => {
    // A draft, which the website's manifest does not list, naming an address: decap-server lists it.
    await writeFile(
      path.join(repository.dir, 'content/posts/notes-for-later.md'),
      '---\ntitle: Notes for later\nexcerpt: Not ready.\nslug: saved-for-later\nisDraft: true\npublishedAt: 2025-01-05\n---\n\nLater.\n',
    );
    await newPost(page, `A post that names ${slug}`);
    await page.getByLabel(/^Slug\b/).fill(slug);
    await publishNow(page);
    await expect(
      page.getByText(
        `Slug: /blog/${slug} is the address of another post (content/posts/${owner}), which would move to another address. Choose another slug, or leave it empty`,
      ),
    ).toBeVisible();
    await expect(
      stat(path.join(repository.dir, `content/posts/${slug}.md`)).then(
        () => 'written',
        () => 'not written',
      ),
    ).resolves.toBe('not written');
  });
}

test.describe('on a computer whose clock is not Toronto’s', () => {
  test.use({ timezoneId: 'UTC' });

  test('a new post’s “Published on” is now in Toronto, so “Publish now” publishes it now', async ({
    page,
  }) => {
    const started = Date.now();
    await newPost(page, 'Written on a UTC clock');
    await publishNow(page);
    const file = path.join(repository.dir, 'content/posts/written-on-a-utc-clock.md');
    await fileWritten(file);
    // The field holds Toronto's wall clock (no offset), as the build reads it: with the computer's
    // clock, the post was scheduled five hours ahead (four in summer).
    const written = frontMatterText(await readFile(file, 'utf8'), 'publishedAt');
    const moment = readPublishTime(written ?? '', 'America/Toronto')!.getTime();
    expect(moment).toBeGreaterThan(started - 2 * 60_000);
    expect(moment).toBeLessThanOrEqual(Date.now());
  });
});
