// @vitest-environment jsdom
// Pictures from the admin's computer (issue 35): the checks a file passes before it goes into a post
// (src/lib/admin/picture-file.ts), the one rule for picture file names (src/lib/site/picture-files.ts),
// what a post keeps and shows, and the files a publish and an export write from it.
import { describe, expect, it } from 'vitest';
import {
  backupPictureName,
  isPostPictures,
  localPictureKey,
  newPictureKey,
  ownPictureFiles,
  PICTURE_FILE_MESSAGES,
  pictureFileProblem,
  pictureFileType,
  picturesBesidePost,
  readPictureDataUrl,
  referencedPictures,
  renamePicturesBesidePost,
  showOwnPictures,
} from '@/lib/admin/picture-file';
import { resolvePictureInput } from '@/lib/admin/picture-input';
import { readUnsavedCopy } from '@/lib/admin/unsaved-copy';
import { EMPTY_POST_FORM } from '@/lib/admin/post-form';
import {
  IMAGE_WIDTHS,
  LARGEST_PICTURE_WIDTH,
  looksLikePicture,
  MAX_PICTURE_BYTES,
  pictureStem,
  postPictureFileName,
} from '@/lib/site/picture-files';
import { sanitizeHtml } from '@/lib/text/sanitize';

const PNG_URL = `data:image/png;base64,${btoa(String.fromCharCode(137, 80, 78, 71, 13, 10, 26, 10))}`;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('a picture file from the computer', () => {
  it('is one of the site picture types, by the type the browser gives or else by its extension', () => {
    expect(pictureFileType(file('a.png', 'image/png'))).toBe('image/png');
    expect(pictureFileType(file('photo.JPEG', ''))).toBe('image/jpeg');
    expect(pictureFileType(file('drawing.svg', ''))).toBe('image/svg+xml');
    expect(pictureFileType(file('photo.heic', 'image/heic'))).toBeUndefined();
    // A declared type wins over the name: a PDF named .png is not taken as a picture.
    expect(pictureFileType(file('a.png', 'application/pdf'))).toBeUndefined();
    expect(pictureFileType(file('notes', ''))).toBeUndefined();
  });

  it('is refused with its reason: wrong type, too big, empty', () => {
    expect(pictureFileProblem(file('notes.pdf', 'application/pdf'))).toBe(
      'The file “notes.pdf” cannot be used: it is not a picture the site can show. Choose a JPEG, PNG, WebP, AVIF, GIF or SVG file.',
    );
    expect(pictureFileProblem(file('big.jpg', 'image/jpeg', MAX_PICTURE_BYTES + 1))).toBe(
      'The picture “big.jpg” is 10.0 MB, more than the 10 MB a picture may be. Choose a smaller copy of it.',
    );
    expect(pictureFileProblem(file('empty.png', 'image/png', 0))).toBe(
      PICTURE_FILE_MESSAGES.unreadable('empty.png'),
    );
    expect(pictureFileProblem(file('ok.webp', 'image/webp', MAX_PICTURE_BYTES))).toBeUndefined();
    // The limit itself, 10 MB, not only whatever the constant holds.
    expect(pictureFileProblem(file('big.png', 'image/png', 10 * 1024 * 1024 + 1))).toMatch(
      /more than the 10 MB/,
    );
  });

  it('refuses an iPhone photo (HEIC or HEIF) saying to save it as a JPEG first', () => {
    const heic = PICTURE_FILE_MESSAGES.heic('IMG_0042.HEIC');
    expect(heic).toBe(
      "The photo “IMG_0042.HEIC” cannot be used: it is in the iPhone's HEIC format, which web pages cannot show. Save or export it as a JPEG first (on a Mac: open it in Preview, then File, Export, JPEG), then choose the JPEG. An iPhone takes JPEG photos after Settings, Camera, Formats, “Most Compatible”.",
    );
    expect(pictureFileProblem(file('IMG_0042.HEIC', 'image/heic'))).toBe(heic);
    expect(pictureFileProblem(file('burst.heics', 'image/heic-sequence'))).toBe(
      PICTURE_FILE_MESSAGES.heic('burst.heics'),
    );
    expect(pictureFileProblem(file('photo.heif', 'image/heif'))).toBe(
      PICTURE_FILE_MESSAGES.heic('photo.heif'),
    );
    // Browsers often give such a file no type, or a generic one: its name tells.
    expect(pictureFileProblem(file('IMG_0042.heic', ''))).toBe(heic.replace('HEIC”', 'heic”'));
    expect(pictureFileProblem(file('IMG_0042.heic', 'application/octet-stream'))).toBe(
      heic.replace('HEIC”', 'heic”'),
    );
    // A JPEG is a JPEG whatever its name.
    expect(pictureFileProblem(file('converted.heic', 'image/jpeg'))).toBeUndefined();
  });

  it('names an unsafe SVG and what to do', () => {
    expect(PICTURE_FILE_MESSAGES.unsafeSvg('a.svg', 'it has a <script> element, which runs code')).toBe(
      'The picture “a.svg” cannot be used: it has a <script> element, which runs code. Export it again as a plain picture (no scripts, links or embedded files), or use a PNG or WebP copy.',
    );
  });
});

describe("a backup's pictures", () => {
  it('go back to the names the post kept them under', () => {
    expect(backupPictureName('calm-corner', 'calm-corner-chart.webp')).toBe('chart.webp');
    expect(backupPictureName('calm-corner', 'calm-corner-chart-2.webp')).toBe('chart-2.webp');
    // A file the export did not name keeps its name.
    expect(backupPictureName('calm-corner', 'other-chart.webp')).toBe('other-chart.webp');
    expect(backupPictureName('calm-corner', 'calm-corner-')).toBe('calm-corner-');
  });

  it('are the files beside the post its text names, each once, and are renamed in it', () => {
    const html =
      '<p>A</p><img src="./images/calm-corner-chart.webp" alt="A chart"><p><img src="./images/calm-corner-chart.webp" alt=""></p>' +
      '<img src="https://example.org/a.png" alt="x"><img src="./images/sub/x.png" alt="y"><img src="/images/z.png" alt="z">';
    expect(picturesBesidePost(html)).toEqual(['calm-corner-chart.webp']);
    expect(picturesBesidePost('<p>No pictures</p>')).toEqual([]);
    const renamed = renamePicturesBesidePost(html, new Map([['calm-corner-chart.webp', 'chart.webp']]));
    expect(renamed).toContain('<img src="./images/chart.webp" alt="A chart">');
    expect(renamed).toContain('<p><img src="./images/chart.webp" alt=""></p>');
    expect(renamed).toContain('src="https://example.org/a.png"');
    expect(renamePicturesBesidePost(html, new Map())).toBe(html);
  });
});

describe('the pictures a post keeps, read from storage or an import', () => {
  it('takes only plain file names as keys: no folder, no leading dot, at most 81 characters before the extension', () => {
    for (const key of ['../evil.png', 'images/a.png', '.hidden.png', `a${'b'.repeat(81)}.png`]) {
      expect(isPostPictures({ [key]: PNG_URL }), key).toBe(false);
    }
    expect(isPostPictures({ [`a${'b'.repeat(80)}.png`]: PNG_URL })).toBe(true);
    expect(isPostPictures([])).toBe(false);
  });

  it('reads a data URL only of a type the site shows', () => {
    expect(readPictureDataUrl(PNG_URL.replace('image/png', 'image/tiff'))).toBeUndefined();
  });

  it('finds a picture only among the post’s own keys, never an inherited name', () => {
    expect(localPictureKey('./images/toString', { 'a.png': PNG_URL })).toBeUndefined();
  });

  it('reads a declared type whatever its case, and shortens a long file name in its message', () => {
    expect(pictureFileType(file('a.png', 'IMAGE/PNG'))).toBe('image/png');
    const long = `${'n'.repeat(70)}.pdf`;
    expect(pictureFileProblem(file(long, 'application/pdf'))).toContain(`“${'n'.repeat(57)}...”`);
  });
});

describe('the largest picture', () => {
  it('is the widest the build makes: the admin shrinks a picture to it, never below', () => {
    expect(LARGEST_PICTURE_WIDTH).toBe(Math.max(...IMAGE_WIDTHS));
  });
});

describe('the one rule for picture file names', () => {
  it('is the post slug and the file name in lowercase letters, digits, dots and dashes', () => {
    expect(pictureStem('Visual Schedule (1).PNG')).toBe('visual-schedule-1');
    expect(pictureStem('Café crème.jpg')).toBe('cafe-creme');
    expect(pictureStem('../../etc/passwd')).toBe('etc-passwd');
    expect(pictureStem('日本.png')).toBe('');
    // At most 60 characters, never ending in a dash where the cut fell.
    expect(pictureStem(`${'a'.repeat(59)} bcd.png`)).toBe('a'.repeat(59));
    expect(postPictureFileName('calm-corner', 'Chart.webp', 'webp')).toBe('calm-corner-chart.webp');
    expect(postPictureFileName('calm-corner', '日本.png', 'png')).toBe('calm-corner-picture.png');
    const taken = new Set(['calm-corner-chart.webp', 'calm-corner-chart-2.webp']);
    expect(postPictureFileName('calm-corner', 'chart.webp', 'webp', (f) => taken.has(f))).toBe(
      'calm-corner-chart-3.webp',
    );
  });

  it('gives a picture kept with a post a free local name, with the extension of what is kept', () => {
    const taken = new Set(['image.png']);
    expect(newPictureKey('image.png', 'png', (key) => taken.has(key))).toBe('image-2.png');
    expect(newPictureKey('Photo.JPG', 'webp', () => false)).toBe('photo.webp');
    expect(newPictureKey('', 'png', () => false)).toBe('picture.png');
  });
});

describe("a post's own pictures", () => {
  it('are data: addresses of the site picture types, under local names; anything else is refused', () => {
    expect(isPostPictures({ 'chart.png': PNG_URL })).toBe(true);
    expect(isPostPictures({})).toBe(true);
    expect(isPostPictures({ '../x.png': PNG_URL })).toBe(false);
    expect(isPostPictures({ 'chart.png': 'https://example.org/a.png' })).toBe(false);
    expect(isPostPictures({ 'page.html': 'data:text/html;base64,PHA+' })).toBe(false);
    expect(isPostPictures([PNG_URL])).toBe(false);
    expect(readPictureDataUrl('data:text/html;base64,PHA+')).toBeUndefined();
    expect(readPictureDataUrl(PNG_URL)?.bytes.slice(0, 4)).toEqual(Uint8Array.from([137, 80, 78, 71]));
  });

  it('are kept only while the text names them', () => {
    const pictures = { 'a.png': PNG_URL, 'b.png': PNG_URL };
    expect(referencedPictures('<p>x</p><img src="./images/b.png" alt="B">', pictures)).toEqual({
      'b.png': PNG_URL,
    });
    expect(referencedPictures('<img src="./images/c.png" alt="C">', pictures)).toEqual({});
  });

  it('go through the sanitiser as addresses and are shown from the post afterwards', () => {
    const html = sanitizeHtml(
      '<img src="./images/a.png" alt="A chart"><img src="./images/repo.png" alt="R">',
    );
    const shown = showOwnPictures(html, { 'a.png': PNG_URL });
    expect(shown).toContain(`src="${PNG_URL}"`);
    expect(shown).toContain('src="./images/repo.png"');
    // Storage changed by something else: nothing is shown from it.
    expect(showOwnPictures(html, { 'a.png': 'javascript:alert(1)' })).toBe(html);
  });

  it('become files beside the post, named by the one rule, with the addresses the Markdown writes', () => {
    const own = ownPictureFiles({
      slug: 'calm-corner',
      content:
        '<img src="./images/chart.png" alt="A"><img src="./images/chart.png" alt="B"><img src="./images/gone.png" alt="C">',
      pictures: { 'chart.png': PNG_URL, 'gone.png': 'data:image/png;base64,***' },
    });
    expect(own.files.map(({ src, file, type }) => ({ src, file, type }))).toEqual([
      { src: './images/chart.png', file: 'calm-corner-chart.png', type: 'image/png' },
    ]);
    expect(own.unreadable).toEqual(['./images/gone.png']);
  });

  it('is asked for alt text exactly as a picture with an address', () => {
    const fields = { src: '', alt: '', decorative: false, file: './images/chart.png' };
    expect(resolvePictureInput(fields)).toEqual({
      ok: false,
      errors: { alt: expect.stringMatching(/^Describe the picture/) },
    });
    expect(resolvePictureInput({ ...fields, alt: 'A chart' })).toEqual({
      ok: true,
      picture: { src: './images/chart.png', alt: 'A chart' },
    });
    expect(resolvePictureInput({ ...fields, decorative: true })).toMatchObject({ ok: true });
  });

  it('come back with an unsaved copy, and a copy with pictures that are not pictures is not offered', () => {
    const storage = new Map<string, string>();
    const kv = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    };
    const values = { ...EMPTY_POST_FORM, title: 'T', pictures: { 'a.png': PNG_URL } };
    storage.set('admin-unsaved-post:new', JSON.stringify({ values, savedAt: 'now' }));
    expect(readUnsavedCopy(kv, 'new')?.values.pictures).toEqual({ 'a.png': PNG_URL });
    const { pictures: _none, ...older } = values;
    storage.set('admin-unsaved-post:new', JSON.stringify({ values: older, savedAt: 'now' }));
    expect(readUnsavedCopy(kv, 'new')?.values.pictures).toEqual({});
    storage.set(
      'admin-unsaved-post:new',
      JSON.stringify({
        values: { ...values, pictures: { 'a.png': 'data:text/html;base64,PHA+' } },
        savedAt: 'now',
      }),
    );
    expect(readUnsavedCopy(kv, 'new')).toBeUndefined();
  });
});

describe('what looks like a picture by its first bytes', () => {
  it('is each kind of picture the build reads, and no text file renamed .jpg', async () => {
    const { default: sharp } = await import('sharp');
    const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#0b6b63' } });
    const made = {
      jpeg: await pixel().jpeg().toBuffer(),
      png: await pixel().png().toBuffer(),
      webp: await pixel().webp().toBuffer(),
      avif: await pixel().avif().toBuffer(),
      gif: await pixel().gif().toBuffer(),
      tiff: await pixel().tiff().toBuffer(),
      svg: Buffer.from('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    };
    for (const [kind, bytes] of Object.entries(made))
      expect(looksLikePicture(new Uint8Array(bytes.subarray(0, 1024))), kind).toBe(true);
    for (const text of ['This is not a picture.\n', '', '<html><body>svg</body></html>'])
      expect(looksLikePicture(new TextEncoder().encode(text)), text).toBe(false);
  });

  it('is not a file that only starts like one: a sound, an iPhone photo, a text about <svgs>', () => {
    const bytes = (...parts: (string | number[])[]) =>
      new Uint8Array(
        parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
      );
    const notPictures = {
      'WAV sound': bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
      'GIF-like text': bytes('GIF8 is not a version'),
      'two JPEG bytes': bytes([0xff, 0xd8, 0x00, 0x10]),
      'HEIC photo': bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]),
      'text about <svgs>': bytes('Notes on <svgs> and <svgfile>\n'),
      'an <svg> past the first kilobyte': bytes(
        'x'.repeat(1024),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
    };
    for (const [kind, start] of Object.entries(notPictures))
      expect(looksLikePicture(start), kind).toBe(false);
  });
});
