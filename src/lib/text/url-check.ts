// One reading of the addresses pictures and links are given, for the build (content schemas, pictures
// in a post's text), the admin form, the editor's link button, the Markdown import and export, and
// the sanitiser's pictures. It asks the browser's own parser (new URL) where an address leads, after
// refusing what that parser silently forgives: it drops tabs and newlines anywhere and reads a
// backslash as a slash, so '/\evil.example' and '/<TAB>/evil.example' lead to another website while
// they look like paths of this one. Plain TypeScript: it runs in the build, the admin and the CMS.

/**
 * Pictures a browser shows as they are, by MIME type, with the extension a file of that type gets: what
 * publishing may send with a post (src/lib/publish/pictures.ts) and what the service worker keeps.
 */
export const WEB_PICTURE_TYPES = {
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
} as const satisfies Record<string, string>;

/** The file extensions of those types ('jpeg' as well as 'jpg'). */
export const WEB_PICTURE_EXTENSIONS = ['avif', 'gif', 'jpeg', 'jpg', 'png', 'svg', 'webp'] as const;

/**
 * Picture files the build takes from the repository and turns into WebP copies (astro:assets): the
 * web's types, and TIFF, which sharp reads but browsers other than Safari do not show, so a TIFF is
 * never sent or shown as it is.
 */
export const REPOSITORY_PICTURE_EXTENSIONS = [...WEB_PICTURE_EXTENSIONS, 'tif', 'tiff'] as const;

/** A test of a file name's extension against one of those lists, in any letter case. */
export const pictureFilePattern = (extensions: readonly string[]): RegExp =>
  new RegExp(`\\.(?:${extensions.join('|')})$`, 'i');

/** Link schemes the spec allows (SPEC 5); anything else (javascript:, data:, vbscript:) is refused. */
export const ALLOWED_LINK_SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;

/**
 * Every content entry is a file two folders below the repository (content/<collection>/<file>): a
 * picture's path is resolved against one to see whether it stays in the repository.
 */
const REPOSITORY_ROOT = '/repository/';
const AN_ENTRY = new URL(`file://${REPOSITORY_ROOT}content/collection/entry`);

/** Any origin serves: a relative address is resolved against it only to see whether it stays there. */
const HERE = new URL('https://this-site.invalid/blog/a-post');

/** What an address is, or why it is no address at all. Every problem reads after "The address ...". */
export type ReadAddress =
  | { ok: true; kind: 'absolute'; url: URL }
  | { ok: true; kind: 'site-path' | 'relative' }
  | { ok: false; problem: string };

// \s covers Unicode spaces (no-break, line and paragraph separators); the rest are C0 and C1 controls.
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function readAddress(value: string): ReadAddress {
  if (value === '') return { ok: false, problem: 'is empty' };
  if (SPACE_OR_CONTROL.test(value)) {
    return { ok: false, problem: 'must not contain spaces, line breaks or other invisible characters' };
  }
  if (value.includes('\\')) return { ok: false, problem: 'must not contain a backslash (\\)' };
  if (SCHEME.test(value)) {
    try {
      return { ok: true, kind: 'absolute', url: new URL(value) };
    } catch {
      return { ok: false, problem: 'is not a complete web address' };
    }
  }
  const anotherSite = {
    ok: false,
    problem: 'starts with //, which a browser reads as another website: write https:// before it',
  } as const;
  if (value.startsWith('//')) return anotherSite;
  let resolved: URL;
  try {
    resolved = new URL(value, HERE);
  } catch {
    return { ok: false, problem: 'is not a valid address' };
  }
  // Cannot happen after the checks above; kept so that no future parser quirk turns a path into a host.
  if (resolved.origin !== HERE.origin) return anotherSite;
  return { ok: true, kind: value.startsWith('/') ? 'site-path' : 'relative' };
}

/**
 * Whether an address names a file relative to the file that holds it ('./images/a.webp',
 * '../../src/assets/a.svg'): the one reading of "relative to the repository".
 */
export function isRelativeToFile(value: string): boolean {
  return /^\.{1,2}\/[^/]/.test(value);
}

export const PICTURE_ADDRESS_RULE = 'must be a web address starting with https:// or a path starting with /';

/**
 * Why `value` cannot be a picture's address (it then reads after "The address ..."), or undefined:
 * an https web address or a path of this site; with `repositoryFiles`, also a file relative to a
 * post ('./images/name.webp'), as content/posts writes them. Not http: the pages'
 * Content-Security-Policy (img-src https:) would block it, leaving an empty frame.
 */
export function pictureAddressProblem(
  value: string,
  { repositoryFiles = false }: { repositoryFiles?: boolean } = {},
): string | undefined {
  const address = readAddress(value);
  if (!address.ok) return address.problem;
  if (address.kind !== 'absolute') {
    if (address.kind === 'site-path') return undefined;
    return repositoryFiles && isRelativeToFile(value) ? undefined : PICTURE_ADDRESS_RULE;
  }
  const { url } = address;
  // The parser reads 'https:evil.example' and 'https:/evil.example' as https://evil.example/.
  if (url.protocol !== 'https:' || !/^https:\/\/[^/]/i.test(value)) return PICTURE_ADDRESS_RULE;
  if (url.username || url.password) return 'must not contain a user name or password';
  return undefined;
}

/**
 * Why `value` cannot be a picture file of the repository, relative to the content file that names it
 * ('./images/name.svg', '../../src/assets/artwork/name.svg'), or undefined. The build takes only
 * those; Astro's image() lets a web address through and then fails while drawing a page, naming
 * neither the file nor the field.
 */
export function repositoryPictureProblem(value: string): string | undefined {
  const address = readAddress(value);
  const inRepository =
    'must be a picture in this repository, relative to this file (./images/name.svg), not a web address';
  // '//host/a.png' is a web address too (the advice to write https:// before it is not for here).
  if (value.startsWith('//')) return inRepository;
  if (!address.ok) return address.problem;
  if (address.kind !== 'relative') return inRepository;
  if (/[?#]/.test(value)) return 'must be a file name, without ? or #';
  // Otherwise the build reads any file of the machine it runs on, and publishes it if it is a picture.
  if (!new URL(value, AN_ENTRY).pathname.startsWith(REPOSITORY_ROOT))
    return 'must be a picture in this repository: this path leads out of it (too many ../)';
  if (!pictureFilePattern(REPOSITORY_PICTURE_EXTENSIONS).test(value))
    return `must be a picture file (${REPOSITORY_PICTURE_EXTENSIONS.join(', ')})`;
  return undefined;
}

export const LINK_SCHEME_RULE = `must start with ${ALLOWED_LINK_SCHEMES.slice(0, -1).join(', ')} or ${ALLOWED_LINK_SCHEMES.at(-1)}`;

/**
 * Why `value` cannot be a link's address, or undefined: one of the spec's schemes (SPEC 5), or a
 * path of this site. Links may lead anywhere, but only in a form that says so (https://...).
 */
export function linkAddressProblem(value: string): string | undefined {
  const address = readAddress(value);
  if (!address.ok) return address.problem;
  if (address.kind !== 'absolute') return undefined;
  const scheme = address.url.protocol.slice(0, -1);
  return (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme) ? undefined : LINK_SCHEME_RULE;
}

/**
 * A picture address the browser's own posts may show as it is (their featured image), or undefined:
 * the picture rule above, after trimming.
 */
export function safePictureAddress(value: string | undefined): string | undefined {
  const address = value?.trim();
  return address && pictureAddressProblem(address) === undefined ? address : undefined;
}

/**
 * Whether a link may point to `value` (the editor's link button and the links it reads from pasted
 * HTML): linkAddressProblem's rule, after the spaces and control characters a browser drops from the
 * ends of an address (URL Standard); any inside it are refused, so 'java<TAB>script:' never passes.
 */
export function isAllowedLinkUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return linkAddressProblem(value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')) === undefined;
}
