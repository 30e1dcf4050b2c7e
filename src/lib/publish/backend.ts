// One interface for every git backend "Publish to website" can write through (decap-server on this
// computer, GitHub's REST API), and the failures they report, in words the practice's admin can act on.

/** A file as the repository holds it now. */
export interface RepoFile {
  path: string;
  text: string;
  /** The backend's own version of the file (GitHub's blob sha; decap-server's SHA-256), passed back on write. */
  version: string;
}

/** What a write or delete became in the repository. */
export interface CommitResult {
  /** The commit's id, when the backend made one (decap-server in `fs` mode writes files only). */
  sha?: string | undefined;
  /** The commit's web page, where the git host has one. */
  url?: string | undefined;
  /** True when the change is a commit on the deployed branch; false when it is a file in a working copy. */
  committed: boolean;
}

export interface WriteOptions {
  message: string;
  /** The version read just before (undefined: the file must not exist yet). */
  expectedVersion?: string | undefined;
}

/** A picture file of a post, as base64 (both backends take binary files that way). */
export interface PictureFile {
  /** 'content/posts/images/visual-schedules-chart.webp' */
  path: string;
  base64: string;
}

export interface PublishBackend {
  readonly kind: 'local' | 'github';
  /** Where posts go, in words: 'the working copy on this computer', 'GitHub, OWNER/REPO (branch main)'. */
  readonly description: string;
  readFile(path: string): Promise<RepoFile | undefined>;
  writeFile(path: string, text: string, options: WriteOptions): Promise<CommitResult>;
  deleteFile(path: string, options: Required<WriteOptions>): Promise<CommitResult>;
  /**
   * Writes a post's picture files (replacing its own earlier copies), before the post that shows
   * them. A backend without it takes text only: a post with pictures to upload is then refused.
   */
  writePictures?(pictures: readonly PictureFile[], options: Pick<WriteOptions, 'message'>): Promise<void>;
  /**
   * Whether the repository has a file at `path` (a picture of content/posts/images): a post's
   * picture is never named as another post's file (src/lib/publish/pictures.ts).
   */
  hasFile(path: string): Promise<boolean>;
  /**
   * The names of the Markdown files directly in content/posts ('foo.md'): publishing reads those the
   * website has not built (drafts, scheduled posts) for a slug they name.
   */
  listPostFiles(): Promise<string[]>;
}

export type PublishErrorCode =
  /** The file changed (or appeared) in the repository since it was read. */
  | 'conflict'
  /** The sign-in is missing, expired or revoked. */
  | 'auth'
  /** Signed in, but without the right to write to the repository (or it does not exist for them). */
  | 'forbidden'
  | 'rate-limit'
  /** No answer: offline, the server is not running, or the browser blocked the request. */
  | 'network'
  /** The server answered with an error it did not explain. */
  | 'server';

/** A refused or failed request; `message` is written for the admin and says what to do. */
export class PublishError extends Error {
  override name = 'PublishError';
  constructor(
    readonly code: PublishErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const isPublishError = (error: unknown): error is PublishError => error instanceof PublishError;

/** The folder the site's posts live in (the posts collection of admin/config.yml and src/content.config.ts). */
export const POSTS_FOLDER = 'content/posts';

export const postPath = (file: string): string => `${POSTS_FOLDER}/${file}`;

/** Where a post's pictures go: beside the posts, as the Markdown writes them ('./images/name.webp'). */
export const PICTURES_FOLDER = `${POSTS_FOLDER}/images`;

/** Base64 of some bytes, in chunks (String.fromCharCode takes a limited number of arguments). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** Hex SHA-256 of the UTF-8 text: what decap-server reports as a file's id, and the baseline a publish checks. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
