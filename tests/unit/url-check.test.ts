// The one URL check for pictures and links (src/lib/text/url-check.ts), which the build, the admin form,
// the link button, the Markdown import and the sanitiser share.
import { readFileSync } from 'node:fs';
import { PICTURE_FILE } from '@/lib/site/offline';
import { describe, expect, it } from 'vitest';
import {
  isAllowedLinkUrl,
  isRelativeToFile,
  LINK_SCHEME_RULE,
  linkAddressProblem,
  PICTURE_ADDRESS_RULE,
  safePictureAddress,
  pictureFilePattern,
  REPOSITORY_PICTURE_EXTENSIONS,
  WEB_PICTURE_EXTENSIONS,
  WEB_PICTURE_TYPES,
  pictureAddressProblem,
  readAddress,
  repositoryPictureProblem,
} from '@/lib/text/url-check';

/** Addresses that look like something else than where a browser takes them, or that hide text. */
const DISGUISED = [
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '\\\\evil.example/a.png',
  '/\t/evil.example/a.png',
  '/\n/evil.example/a.png',
  '/\r/evil.example/a.png',
  'https://a.example/a.png\nisDraft: false',
  'https://a.example/a b.png',
  ' https://a.example/a.png',
  'https://a.example/a.png\u0000',
  'https://a.example/\u00a0a.png',
  'https://a.example/\u2028a.png',
  'https://a.example/\u0085a.png',
  './images/a.png\n',
  '',
];

describe('readAddress', () => {
  it('refuses every disguised address with a message', () => {
    for (const value of DISGUISED) {
      const read = readAddress(value);
      expect(read.ok, JSON.stringify(value)).toBe(false);
      expect(read.ok ? '' : read.problem, JSON.stringify(value)).toMatch(/^(must|starts|is) /);
    }
  });

  it('names what is wrong', () => {
    expect(readAddress('/\\evil.example')).toEqual({
      ok: false,
      problem: 'must not contain a backslash (\\)',
    });
    expect(readAddress('//evil.example')).toMatchObject({
      problem: expect.stringContaining('another website'),
    });
    expect(readAddress('/a b')).toMatchObject({ problem: expect.stringContaining('spaces') });
    expect(readAddress('https://[::1')).toEqual({ ok: false, problem: 'is not a complete web address' });
  });

  it('tells a web address from a path of this site and a relative address', () => {
    expect(readAddress('https://a.example/x')).toMatchObject({ ok: true, kind: 'absolute' });
    expect(readAddress('/images/a.png')).toEqual({ ok: true, kind: 'site-path' });
    expect(readAddress('./images/a.png')).toEqual({ ok: true, kind: 'relative' });
    expect(readAddress('#top')).toEqual({ ok: true, kind: 'relative' });
  });
});

describe('pictureAddressProblem', () => {
  it('takes https addresses and paths of this site', () => {
    for (const value of ['https://images.example/a.webp', 'HTTPS://images.example/a.webp', '/icons/a.png']) {
      expect(pictureAddressProblem(value), value).toBeUndefined();
    }
  });

  it('refuses other schemes, credentials, and https written so that it only parses as one', () => {
    for (const value of [
      'http://images.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'https:images.example/a.png',
      'https:/images.example/a.png',
      'https://user:secret@images.example/a.png',
      'a.png',
      ...DISGUISED,
    ]) {
      expect(pictureAddressProblem(value), JSON.stringify(value)).toBeDefined();
    }
  });

  it('takes a picture file next to a post only when asked to', () => {
    expect(pictureAddressProblem('./images/a.webp')).toBeDefined();
    expect(pictureAddressProblem('./images/a.webp', { repositoryFiles: true })).toBeUndefined();
    expect(pictureAddressProblem('../images/a.webp', { repositoryFiles: true })).toBeUndefined();
    expect(pictureAddressProblem('.//evil.example/a.png', { repositoryFiles: true })).toBeDefined();
    expect(pictureAddressProblem('a.png', { repositoryFiles: true })).toBeDefined();
  });
});

describe('repositoryPictureProblem (the build)', () => {
  it('takes files relative to the entry and nothing else', () => {
    for (const value of ['./images/a.svg', 'images/a.svg', '../../src/assets/artwork/a.svg']) {
      expect(repositoryPictureProblem(value), value).toBeUndefined();
    }
    for (const value of [
      'https://a.example/a.svg',
      '/images/a.svg',
      './images/a.svg?x',
      './images/a b.svg',
      ...DISGUISED,
    ]) {
      expect(repositoryPictureProblem(value), JSON.stringify(value)).toBeDefined();
    }
  });

  it('takes only picture files, in any letter case, and none outside the repository', () => {
    for (const value of [
      './images/A.JPG',
      'images/a.jpeg',
      './images/a.tiff',
      '../images/a.webp',
      '../../a.png',
    ])
      expect(repositoryPictureProblem(value), value).toBeUndefined();
    const outside = 'must be a picture in this repository: this path leads out of it (too many ../)';
    for (const value of [
      '../../../a.png',
      '../../../../../../usr/share/pixmaps/debian-logo.png',
      './images/../../../../a.png',
      '%2e%2e/%2e%2e/%2e%2e/a.png',
    ])
      expect(repositoryPictureProblem(value), value).toBe(outside);
    for (const value of ['./images/notes.txt', '../../package.json', './images/a', './images/a.svg.md'])
      expect(repositoryPictureProblem(value), value).toBe(
        'must be a picture file (avif, gif, jpeg, jpg, png, svg, webp, tif, tiff)',
      );
  });
});

describe('linkAddressProblem', () => {
  it("keeps the spec's schemes and paths (SPEC 5)", () => {
    for (const value of [
      'http://a.example/',
      'https://a.example/',
      'ftp://a.example/',
      'ftps://a.example/',
      'mailto:a@b.example',
      'tel:+15550100',
      'callto:someone',
      'sms:+15550100',
      'cid:part1',
      'xmpp:a@b.example',
      '/blog',
      '#contact',
    ]) {
      expect(linkAddressProblem(value), value).toBeUndefined();
    }
  });

  it('refuses other schemes and disguised addresses', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', ...DISGUISED]) {
      expect(linkAddressProblem(value), JSON.stringify(value)).toBeDefined();
    }
  });
});

describe('the one list of picture types', () => {
  const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

  it('is what the build globs for text pictures (a literal, as import.meta.glob needs)', () => {
    const glob = /\*\.\{([^}]+)\}/.exec(source('src/lib/content/text-pictures.ts'))?.[1]?.split(',');
    const expected = [...REPOSITORY_PICTURE_EXTENSIONS].sort();
    expect([...new Set(glob?.map((extension) => extension.toLowerCase()))].sort()).toEqual(expected);
    expect(glob).toEqual(expect.arrayContaining(expected.map((extension) => extension.toUpperCase())));
  });

  // PICTURE_FILE is the page script's test and the service worker's picture cache's (both import it).
  it('is what the page script and the service worker test pictures by (written out: the page script shares no module)', () => {
    for (const extension of WEB_PICTURE_EXTENSIONS)
      expect(PICTURE_FILE.test(`a.${extension}`), extension).toBe(true);
    expect(PICTURE_FILE.test('a.tiff')).toBe(false);
  });

  it('keeps TIFF to repository files the build converts: never sent or shown as it is', () => {
    expect(pictureFilePattern(REPOSITORY_PICTURE_EXTENSIONS).test('scan.TIFF')).toBe(true);
    expect(pictureFilePattern(WEB_PICTURE_EXTENSIONS).test('scan.tiff')).toBe(false);
    expect(Object.values(WEB_PICTURE_TYPES)).not.toContain('tiff');
  });
});

describe('the edges of the address rules', () => {
  it('reads any scheme the URL standard allows as a scheme, and refuses those links by their scheme', () => {
    expect(readAddress('web+app:open')).toMatchObject({ ok: true, kind: 'absolute' });
    expect(linkAddressProblem('web+app:open')).toBe(LINK_SCHEME_RULE);
  });

  it('refuses a picture address with only a password before the host', () => {
    expect(pictureAddressProblem('https://:secret@images.example/a.png')).toBe(
      'must not contain a user name or password',
    );
  });

  it('takes ./ and ../ as relative to the file, not ... (a folder of that name)', () => {
    expect(isRelativeToFile('.../a.png')).toBe(false);
    expect(pictureAddressProblem('.../a.png', { repositoryFiles: true })).toBe(PICTURE_ADDRESS_RULE);
  });

  it('tells the build a // address is not in the repository, and refuses # in a file name', () => {
    expect(repositoryPictureProblem('//cdn.example/a.png')).toMatch(/^must be a picture in this repository/);
    expect(repositoryPictureProblem('./images/a.png#top')).toBe('must be a file name, without ? or #');
  });

  it('takes a picture address or a link with spaces around it as the address without them', () => {
    expect(safePictureAddress(' https://images.example/a.png ')).toBe('https://images.example/a.png');
    // Browsers drop control characters and spaces at either end of a link, and so does the check.
    expect(isAllowedLinkUrl('\u0001 https://www.example.org/ \u0000')).toBe(true);
    expect(isAllowedLinkUrl('\u0001javascript:alert(1)')).toBe(false);
  });
});
