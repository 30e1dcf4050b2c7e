// The pictures a published post takes with it (issue 18). The next build reads a post's pictures from
// its Markdown: an https address stays as it is, and a repository picture of a site post is written
// back as the file its Markdown named ('./images/a.svg', from `source.pictures`). A picture given as a
// path of this site ('/_astro/x.webp', a file of public/) is no file of content/posts: it is fetched
// from this site and sent with the post as content/posts/images/<slug>-<name>.<ext>, and the
// Markdown names that file. A picture the post keeps itself (one from the admin's computer, named
// './images/<local name>', src/lib/admin/picture-file.ts) is sent the same way from what the post
// keeps. Both are named by postPictureFileName (src/lib/site/picture-files.ts). Every check happens before anything is written: a picture that cannot be
// read, is too large, is an SVG that could run script or load other files, or cannot be sent through
// the backend refuses the whole publish.
import { pictureName, sitePicturePaths } from '@/lib/admin/picture-input';
import { ownPictureFiles, picturesBesidePost, type PostPictures } from '@/lib/admin/picture-file';
import {
  MAX_PICTURE_BYTES,
  PICTURE_TYPES as EXTENSIONS,
  megabytes,
  postPictureFileName,
} from '@/lib/site/picture-files';
import { repositoryPictureName } from '@/lib/text/post-body';
import { isSvgName, svgBytesProblem } from '@/lib/text/svg-rule';
import { isRelativeToFile, repositoryPictureProblem } from '@/lib/text/url-check';
import {
  bytesToBase64,
  PICTURES_FOLDER,
  POSTS_FOLDER,
  type PictureFile,
  type PublishBackend,
} from './backend';

export { MAX_PICTURE_BYTES };

export type PicturePlan =
  | {
      ok: true;
      /** Built or site address -> the address the Markdown writes. */
      addresses: Record<string, string>;
      files: PictureFile[];
    }
  | { ok: false; error: string };

/** An address that may name a picture of content/posts/images, wherever the file writes one. */
const PICTURE_ADDRESS = /(?<![\w/.-])(?:\.\/)?images\/[^\s)"'<>]+/g;

/**
 * The picture files a post's file names ('./images/a.svg', or 'images/a.svg' as Decap CMS writes it,
 * give 'a.svg'; repositoryPictureName is the rule): in the repository's copy of the post, its own
 * earlier pictures, which publishing it again may replace.
 */
export function namedPictureFiles(markdown: string | undefined): Set<string> {
  const names = [...(markdown ?? '').matchAll(PICTURE_ADDRESS)].map((match) =>
    repositoryPictureName(match[0]),
  );
  return new Set(names.filter((name) => name !== undefined));
}

/**
 * Plans the pictures of a post's publish: which addresses the Markdown writes, and which files go
 * with it. `repositoryPictures` are the site post's own (source.pictures); `ownFiles` the picture
 * files the repository's copy of the post names (namedPictureFiles), which its new copies may
 * replace; any other file of content/posts/images is another post's, and a picture is never named
 * as one (it gets -2, -3...: 'visual' with 'schedules.svg' is not 'visual-schedules.svg', the
 * picture of the post 'visual-schedules'). `fetchFn` reads this site.
 */
export async function planPictures(
  post: {
    slug: string;
    content: string;
    pictures?: PostPictures | undefined;
    featuredImage?: string | undefined;
  },
  repositoryPictures: Readonly<Record<string, string>>,
  backend: PublishBackend,
  fetchFn: typeof fetch = fetch,
  ownFiles: ReadonlySet<string> = new Set(),
): Promise<PicturePlan> {
  const addresses: Record<string, string> = { ...repositoryPictures };
  const files: PictureFile[] = [];
  const nothing = 'Nothing was published; the post in this browser is unchanged.';
  // Names found in the repository as another post's files (asked once each, only when a name is planned).
  const others = new Map<string, boolean>();
  const isOthers = async (file: string) => {
    if (ownFiles.has(file)) return false;
    if (!others.has(file)) others.set(file, await backend.hasFile(`${PICTURES_FOLDER}/${file}`));
    return others.get(file)!;
  };
  const taken = (candidate: string) =>
    others.get(candidate) === true || files.some((f) => f.path === `${PICTURES_FOLDER}/${candidate}`);
  // The post's own pictures (from the admin's computer): checked when added, and again here, since
  // this browser's storage can be changed by anything running on the site's origin. Named again
  // until no name is another post's file: each round learns at least one more such name.
  let own = ownPictureFiles(post, taken);
  while (backend.writePictures && (await someAsync(own.files, (file) => isOthers(file.file)))) {
    own = ownPictureFiles(post, taken);
  }
  const first = own.unreadable[0] ?? own.files[0]?.src;
  if (first && !backend.writePictures) {
    return {
      ok: false,
      error: `The picture “${pictureName(first)}” was added from this computer, and ${backend.description} takes only text, so it cannot go with the post. ${nothing} Give the picture an https:// address instead.`,
    };
  }
  if (own.unreadable[0]) {
    return {
      ok: false,
      error: `The picture “${pictureName(own.unreadable[0])}” kept with this post cannot be read. ${nothing} Select it, press Image and choose its file again.`,
    };
  }
  for (const picture of own.files) {
    const name = pictureName(picture.src);
    if (picture.bytes.length > MAX_PICTURE_BYTES) {
      return {
        ok: false,
        error: `The picture “${name}” is ${megabytes(picture.bytes.length)}, more than the 10 MB a post's picture may be. ${nothing} Use a smaller copy of it.`,
      };
    }
    const unsafe = picture.type === 'image/svg+xml' ? svgBytesProblem(picture.bytes) : undefined;
    if (unsafe) {
      return {
        ok: false,
        error: `The picture “${name}” cannot be published: ${unsafe}. ${nothing} Export it again as a plain picture (no scripts, links or embedded files), or use a PNG or WebP copy.`,
      };
    }
    addresses[picture.src] = `./images/${picture.file}`;
    files.push({ path: `${PICTURES_FOLDER}/${picture.file}`, base64: bytesToBase64(picture.bytes) });
  }
  for (const src of sitePicturePaths(post.content)) {
    if (Object.hasOwn(addresses, src)) continue;
    const name = pictureName(src);
    if (!backend.writePictures) {
      return {
        ok: false,
        error: `The picture “${name}” is a file of this site, and ${backend.description} takes only text, so it cannot go with the post. ${nothing} Give the picture an https:// address instead, or add it to content/posts/images with git.`,
      };
    }
    let response: Response;
    try {
      response = await fetchFn(src, { cache: 'no-cache' });
    } catch {
      return {
        ok: false,
        error: `The picture “${name}” could not be read from this site (no answer). ${nothing} Check the connection and try again.`,
      };
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.ok || !EXTENSIONS[type]) {
      return {
        ok: false,
        error: `The picture “${name}” could not be read from this site (${response.ok ? `it is ${type || 'no picture'}` : `status ${response.status}`}). ${nothing} Check its address with the Image button.`,
      };
    }
    const declared = Number(response.headers.get('content-length'));
    let bytes: Uint8Array | undefined;
    try {
      bytes = declared > MAX_PICTURE_BYTES ? undefined : new Uint8Array(await response.arrayBuffer());
    } catch {
      return {
        ok: false,
        error: `The picture “${name}” could not be read from this site (the answer broke off). ${nothing} Try again.`,
      };
    }
    if (!bytes || bytes.length > MAX_PICTURE_BYTES) {
      return {
        ok: false,
        error: `The picture “${name}” is ${megabytes(bytes?.length ?? declared)}, more than the 10 MB a post's picture may be. ${nothing} Use a smaller copy of it.`,
      };
    }
    // The repository serves the file from the site's own address: an SVG must be only a picture
    // (the one rule the build applies too, src/lib/text/svg-rule.ts).
    const unsafe = type === 'image/svg+xml' || isSvgName(src) ? svgBytesProblem(bytes) : undefined;
    if (unsafe) {
      return {
        ok: false,
        error: `The picture “${name}” cannot be published: ${unsafe}. ${nothing} Export it again as a plain picture (no scripts, links or embedded files), or use a PNG or WebP copy.`,
      };
    }
    let file = postPictureFileName(post.slug, name, EXTENSIONS[type]!, taken);
    while (await isOthers(file)) file = postPictureFileName(post.slug, name, EXTENSIONS[type]!, taken);
    addresses[src] = `./images/${file}`;
    files.push({ path: `${PICTURES_FOLDER}/${file}`, base64: bytesToBase64(bytes) });
  }
  // Files of the repository the post names as they are (an imported post's './images/a.svg', its
  // featured picture): the build stops at a post naming a file the repository does not have.
  const repositoryFiles = picturesBesidePost(post.content)
    .filter((name) => !Object.hasOwn(addresses, `./images/${name}`))
    .map((name) => `${PICTURES_FOLDER}/${name}`);
  const featured = post.featuredImage?.trim();
  if (featured && isRelativeToFile(featured) && repositoryPictureProblem(featured) === undefined) {
    repositoryFiles.push(
      decodeURIComponent(new URL(featured, `file:///${POSTS_FOLDER}/post.md`).pathname.slice(1)),
    );
  }
  for (const path of repositoryFiles) {
    if (!(await backend.hasFile(path))) {
      return {
        ok: false,
        error: `The picture “${pictureName(path)}” is a file the post names in the repository (${path}), and the repository does not have it, so the site's build would stop at this post. ${nothing} Add that file to the repository first, or select the picture, press Image and choose it from this computer.`,
      };
    }
  }
  return { ok: true, addresses, files };
}

/** True when `test` holds for some item, asked in order and no further than the first that does. */
async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}
