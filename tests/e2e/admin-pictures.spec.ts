import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectNoAxeViolationsInModes, pasteHtml, test } from './fixtures';
import { openSignedIn } from './session-seed';
import { moreAction, postEntry } from './admin-posts';

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
  await openSignedIn(page, '/admin/posts/new');
  await page.getByLabel(/^Title/).fill('A calm corner at home');
  await page.getByLabel(/^Excerpt/).fill('A quiet place to settle.');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Set it up together.');
  await page.getByLabel('Save as draft').uncheck();

  // By keyboard: into the toolbar, along to Image, Enter opens the dialog with focus on its first
  // field, the file button; Tab goes on to the address.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Image' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a picture' });
  await expect(dialog.getByLabel('Picture from this computer')).toBeFocused();
  await page.keyboard.press('Tab');
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
  await openSignedIn(page, '/admin/posts/new');
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

// The dialog in normal contrast is checked with the rest of its flow above; here the other modes,
// switched on one open dialog (one sign-in for both).
test(
  'the Image dialog and its messages have no axe violations in high and dark contrast',
  { tag: '@layout' },
  async ({ page }) => {
    await page.addInitScript(() => {
      sessionStorage.setItem('a11y-preferences', JSON.stringify({ contrast: 'high' }));
    });
    await openSignedIn(page, '/admin/posts/new');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a picture' });
    await dialog.getByRole('button', { name: 'Add picture' }).click();
    await expect(dialog.getByLabel(/^Picture address/)).toHaveAccessibleDescription(
      /Enter the picture's address/,
    );
    await expect(dialog.getByLabel(/^Alt text/)).toHaveAccessibleDescription(/Describe the picture/);
    await expectNoAxeViolationsInModes(page, 'the Image dialog with its messages', ['high', 'dark']);
  },
);

/** A PNG wider than the site ever shows a picture, made in Node (sharp is the build's own). */
async function widePng(width = 2400, height = 1200): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: '#0b6b63' } })
    .png()
    .toBuffer();
}

const naturalWidth = (picture: Locator) =>
  picture.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return img.naturalWidth;
  });

// Pictures from the computer (issue 35): at desktop and phone size, the file button, the refusals,
// the picture sized down to the 1200 px the site shows at most, saved with the post and shown again.
test(
  'a picture file from the computer is checked, sized down, saved with the post and shown on its page',
  { tag: '@layout' },
  async ({ page }) => {
    test.slow(); // sign-in, a post, three pages
    await openSignedIn(page, '/admin/posts/new');
    await page.getByLabel(/^Title/).fill('A picture from the computer');
    await page.getByLabel(/^Excerpt/).fill('Straight from the camera roll.');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Our visual schedule.');
    await page.getByLabel('Save as draft').uncheck();
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a picture' });
    const file = dialog.getByLabel('Picture from this computer');
    await expect(file).toBeFocused();

    // Files that cannot be used: refused with the reason, and nothing else changes.
    await dialog.getByLabel(/^Alt text/).fill('A visual schedule with five steps');
    await file.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(file).toHaveAccessibleDescription(
      /The file “notes\.pdf” cannot be used: it is not a picture the site can show\. Choose a JPEG, PNG, WebP, AVIF, GIF or SVG file\./,
    );
    await file.setInputFiles({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4" height="4"/></svg>',
      ),
    });
    await expect(file).toHaveAccessibleDescription(/“drawing\.svg” cannot be used: it has an event handler/);
    await file.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await expect(file).toHaveAccessibleDescription(/“broken\.png” could not be read/);
    await expect(dialog.getByLabel(/^Alt text/)).toHaveValue('A visual schedule with five steps');
    await expectNoAxeViolations(page);

    await file.setInputFiles({ name: 'Visual Schedule.png', mimeType: 'image/png', buffer: await widePng() });
    await expect(dialog.getByText('Chosen: Visual Schedule.png')).toBeVisible();
    await expect(file).not.toHaveAttribute('aria-invalid');
    await dialog.getByRole('button', { name: 'Add picture' }).click();
    await expect(dialog).toBeHidden();
    const editor = page.getByRole('textbox', { name: 'Content' });
    const inEditor = editor.getByRole('img', { name: 'A visual schedule with five steps' });
    await expect(inEditor).toBeVisible();
    expect(await naturalWidth(inEditor)).toBe(1200);

    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    // Kept with the post in this browser: the text names the file, the post holds the picture.
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('BlogDatabase');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const posts = await new Promise<
        Array<{ slug: string; content: string; pictures?: Record<string, string> }>
      >((resolve) => {
        const request = db.transaction('posts').objectStore('posts').getAll();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      const post = posts.find((p) => p.slug === 'a-picture-from-the-computer')!;
      return { content: post.content, names: Object.keys(post.pictures ?? {}) };
    });
    expect(stored.names).toEqual(['visual-schedule.png']);
    expect(stored.content).toContain('src="./images/visual-schedule.png"');

    await page.goto('/blog/a-picture-from-the-computer');
    const onPage = page.getByRole('main').getByRole('img', { name: 'A visual schedule with five steps' });
    await expect(onPage).toBeVisible();
    expect(await naturalWidth(onPage)).toBe(1200);

    // Opened again, the editor shows it; its alt text can be changed without choosing it again.
    await page.goto('/admin/posts');
    await postEntry(page, 'A picture from the computer').getByRole('link', { name: /^Edit/ }).click();
    const again = page
      .getByRole('textbox', { name: 'Content' })
      .getByRole('img', { name: /visual schedule/ });
    expect(await naturalWidth(again)).toBe(1200);
    await again.click();
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    const change = page.getByRole('dialog', { name: 'Change picture' });
    await expect(change.getByText('Chosen: visual-schedule.png')).toBeVisible();
    await change.getByLabel(/^Alt text/).fill('A visual schedule on the fridge');
    await change.getByRole('button', { name: 'Change picture' }).click();
    await expect(
      page
        .getByRole('textbox', { name: 'Content' })
        .getByRole('img', { name: 'A visual schedule on the fridge' }),
    ).toBeVisible();
  },
);

/** A PNG made in the page, as a screenshot on the clipboard would be. */
async function dispatchPicture(editor: Locator, kind: 'paste' | 'drop', name: string): Promise<void> {
  await editor.evaluate(
    async (element, [eventKind, fileName]) => {
      const canvas = new OffscreenCanvas(300, 200);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#d4a017';
      context.fillRect(0, 0, 300, 200);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(new File([blob], fileName!, { type: 'image/png' }));
      if (eventKind === 'paste') {
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      } else {
        const box = element.getBoundingClientRect();
        element.dispatchEvent(
          new DragEvent('drop', {
            dataTransfer: data,
            clientX: box.left + 10,
            clientY: box.top + 10,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    },
    [kind, name],
  );
}

test(
  'a PNG pasted or dropped in the editor asks for its alt text and goes in',
  { tag: '@layout' },
  async ({ page }) => {
    await openSignedIn(page, '/admin/posts/new');
    await page.getByLabel(/^Title/).fill('Pasted and dropped');
    await page.getByLabel(/^Excerpt/).fill('Two pictures without a file button.');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Before the pictures.');

    await dispatchPicture(editor, 'paste', 'image.png');
    const dialog = page.getByRole('dialog', { name: 'Add a picture' });
    await expect(dialog.getByText('Chosen: image.png')).toBeVisible();
    await expect(dialog.getByLabel(/^Alt text/)).toBeFocused();
    // Alt text is asked for, as for an address.
    await dialog.getByRole('button', { name: 'Add picture' }).click();
    await expect(dialog.getByLabel(/^Alt text/)).toHaveAccessibleDescription(/Describe the picture/);
    await page.keyboard.type('A yellow card');
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('img', { name: 'A yellow card' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );

    await dispatchPicture(editor, 'drop', 'image.png');
    await expect(dialog.getByText('Chosen: image.png')).toBeVisible();
    await dialog.getByLabel('Decorative picture').check();
    await dialog.getByRole('button', { name: 'Add picture' }).click();
    await expect(editor.locator('img')).toHaveCount(2);
    await expect(editor.locator('img[alt=""]')).toHaveCount(1);

    // A file that is no picture says why, and the post is as it was.
    await editor.evaluate((element) => {
      const data = new DataTransfer();
      data.items.add(new File(['minutes'], 'minutes.docx', { type: 'application/msword' }));
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'The file “minutes.docx” cannot be used' }),
    ).toBeVisible();
    await expect(editor.locator('img')).toHaveCount(2);

    await page.getByRole('button', { name: 'Save post' }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    const names = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open('BlogDatabase');
        request.onsuccess = () => resolve(request.result);
      });
      const posts = await new Promise<Array<{ slug: string; pictures?: Record<string, string> }>>(
        (resolve) => {
          const request = db.transaction('posts').objectStore('posts').getAll();
          request.onsuccess = () => resolve(request.result);
        },
      );
      db.close();
      return Object.keys(posts.find((p) => p.slug === 'pasted-and-dropped')?.pictures ?? {}).sort();
    });
    // The one naming rule: a second file of the same name gets -2.
    expect(names).toEqual(['image-2.png', 'image.png']);
  },
);

// Several picture files at once (issue 35): each usable one goes in, its alt text asked for in turn;
// each that cannot be used gets its own message; an iPhone photo says to save it as a JPEG first.
test(
  'several picture files dropped at once each go in, each refusal says why',
  { tag: '@layout' },
  async ({ page }) => {
    await openSignedIn(page, '/admin/posts/new');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Three cards and two files that are not pictures.');
    await editor.evaluate(async (element) => {
      const card = async (colour: string) => {
        const canvas = new OffscreenCanvas(120, 80);
        const context = canvas.getContext('2d')!;
        context.fillStyle = colour;
        context.fillRect(0, 0, 120, 80);
        return canvas.convertToBlob({ type: 'image/png' });
      };
      const data = new DataTransfer();
      data.items.add(new File([await card('#d4a017')], 'first card.png', { type: 'image/png' }));
      data.items.add(new File(['minutes'], 'minutes.docx', { type: 'application/msword' }));
      data.items.add(new File([await card('#0b6b63')], 'second card.png', { type: 'image/png' }));
      data.items.add(new File([new Uint8Array([0, 0, 0, 24])], 'IMG_0042.HEIC', { type: 'image/heic' }));
      data.items.add(new File([await card('#8a2be2')], 'third card.png', { type: 'image/png' }));
      const box = element.getBoundingClientRect();
      element.dispatchEvent(
        new DragEvent('drop', {
          dataTransfer: data,
          clientX: box.left + 10,
          clientY: box.bottom - 10,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    const status = page.getByRole('status').filter({ hasText: 'cannot be used' });
    await expect(status.locator('p')).toHaveText([
      /^The file “minutes\.docx” cannot be used: it is not a picture the site can show\./,
      /^The photo “IMG_0042\.HEIC” cannot be used: it is in the iPhone's HEIC format, which web pages cannot show\. Save or export it as a JPEG first/,
    ]);

    const dialog = page.getByRole('dialog', { name: /^Add a picture/ });
    await expect(dialog.getByRole('heading', { name: 'Add a picture (1 of 3)' })).toBeVisible();
    await expect(dialog.getByText('Chosen: first card.png')).toBeVisible();
    await expect(dialog.getByLabel(/^Alt text/)).toBeFocused();
    await page.keyboard.type('A yellow card');
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('heading', { name: 'Add a picture (2 of 3)' })).toBeVisible();
    await expect(dialog.getByText('Chosen: second card.png')).toBeVisible();
    // Alt text is asked for each, as for one.
    await expect(dialog.getByLabel(/^Alt text/)).toHaveValue('');
    await expect(dialog.getByLabel(/^Alt text/)).toBeFocused();
    await dialog.getByRole('button', { name: 'Add picture' }).click();
    await expect(dialog.getByLabel(/^Alt text/)).toHaveAccessibleDescription(/Describe the picture/);
    await page.keyboard.type('A green card');
    await page.keyboard.press('Enter');

    // Cancel skips only the one asked about.
    await expect(dialog.getByRole('heading', { name: 'Add a picture (3 of 3)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor).toBeFocused();
    await expect(editor.getByRole('img')).toHaveCount(2);
    await expect(editor.getByRole('img', { name: 'A yellow card' })).toHaveAttribute(
      'src',
      /^data:image\/png/,
    );
    await expect(editor.getByRole('img', { name: 'A green card' })).toHaveAttribute(
      'src',
      /^data:image\/png/,
    );
    // The messages about the refused files stay until the next change of pictures.
    await expect(status.locator('p')).toHaveCount(2);
  },
);

test('an iPhone photo chosen with the file button says to save it as a JPEG first', async ({ page }) => {
  await openSignedIn(page, '/admin/posts/new');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
  const file = page.getByRole('dialog', { name: 'Add a picture' }).getByLabel('Picture from this computer');
  await file.setInputFiles({
    name: 'IMG_0042.heic',
    mimeType: 'image/heic',
    buffer: Buffer.from([0, 0, 0, 24]),
  });
  await expect(file).toHaveAccessibleDescription(
    /The photo “IMG_0042\.heic” cannot be used: it is in the iPhone's HEIC format, which web pages cannot show\. Save or export it as a JPEG first \(on a Mac: open it in Preview, then File, Export, JPEG\), then choose the JPEG\./,
  );
  await expect(file).toBeFocused();
});

// A backup (issue 35): the post's file and its pictures' files, downloaded; chosen together, they
// bring the post back with its pictures, under the names it kept them by, and shown again.
test('a backup brings a post back with its pictures from the computer', async ({ page }) => {
  test.slow(); // a post, a download, a delete, an import, two pages
  await openSignedIn(page);
  const title = 'Backed Up With Pictures';
  await page.goto('/admin/posts/new');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Excerpt/).fill('A post and its picture, saved on this computer.');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Our calm corner.');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a picture' });
  await dialog.getByLabel('Picture from this computer').setInputFiles({
    name: 'Calm Corner.png',
    mimeType: 'image/png',
    buffer: await widePng(1600, 900),
  });
  await expect(dialog.getByText('Chosen: Calm Corner.png')).toBeVisible();
  await dialog.getByLabel(/^Alt text/).fill('A calm corner with cushions');
  await dialog.getByRole('button', { name: 'Add picture' }).click();
  // The page behind a modal dialog is inert until the dialog has closed: a click before that is lost.
  await expect(dialog).toBeHidden();
  await page.getByLabel('Save as draft').uncheck();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  const before = await storedPost(page, 'backed-up-with-pictures');
  expect(Object.keys(before.pictures)).toEqual(['calm-corner.png']);

  // The backup: the post's file and its picture's file.
  const downloads: Array<{ name: string; path: string }> = [];
  page.on('download', (download) => {
    void download.path().then((path) => downloads.push({ name: download.suggestedFilename(), path }));
  });
  await (await moreAction(page, title, `Download a copy of ${title}`)).click();
  await expect(page.getByRole('status').filter({ hasText: 'keep them with the backup files' })).toBeVisible();
  await expect
    .poll(() => downloads.map((file) => file.name).sort())
    .toEqual(['backed-up-with-pictures-calm-corner.png', 'backed-up-with-pictures.md']);

  await (await moreAction(page, title, `Delete ${title}`)).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete post' }).click();
  await expect(postEntry(page, title)).toHaveCount(0);

  // Brought back, picture and all.
  // (Named as they were downloaded: the browser keeps them under other names until saved.)
  await page.locator('#import-files').setInputFiles(
    await Promise.all(
      downloads.map(async (file) => ({
        name: file.name,
        mimeType: file.name.endsWith('.png') ? 'image/png' : 'text/markdown',
        buffer: await readFile(file.path),
      })),
    ),
  );
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Brought back 1 post (1 added). 1 picture from this computer came back with it.' }),
  ).toBeVisible();
  const after = await storedPost(page, 'backed-up-with-pictures');
  expect(after.pictures).toEqual(before.pictures);
  expect(after.content).toContain('src="./images/calm-corner.png"');
  await page.goto('/blog/backed-up-with-pictures');
  const onPage = page.getByRole('main').getByRole('img', { name: 'A calm corner with cushions' });
  expect(await naturalWidth(onPage)).toBe(1200);
});

/** A post as this browser's store keeps it. */
async function storedPost(page: Page, slug: string) {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('BlogDatabase');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const posts = await new Promise<
      Array<{ slug: string; content: string; pictures?: Record<string, string> }>
    >((resolve) => {
      const request = db.transaction('posts').objectStore('posts').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    const post = posts.find((p) => p.slug === wanted)!;
    return { content: post.content, pictures: post.pictures ?? {} };
  }, slug);
}
