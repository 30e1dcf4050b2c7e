// Publishing through GitHub's REST contents API (GET, PUT and DELETE /repos/{owner}/{repo}/contents/
// {path}; a folder of over 1,000 files through its git tree), one commit per change on the branch the
// site deploys from. Plain fetch: a few calls do not justify a client library (Octokit's REST client
// is ~40 KB gzip). GitHub refuses a write whose `sha` is not the file's current one (409, or 422 when
// a new file already exists), which is what keeps a publish from overwriting a change made meanwhile.
import {
  POSTS_FOLDER,
  PublishError,
  type CommitResult,
  type PictureFile,
  type PublishBackend,
  type RepoFile,
  type WriteOptions,
} from './backend';

export interface GitHubBackendOptions {
  /** 'owner/name' */
  repo: string;
  branch: string;
  token: string;
  apiRoot?: string;
  fetch?: typeof fetch;
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Git's id of a file's content (what the contents API calls its sha): SHA-1 of "blob <size>\0" and the bytes. */
async function gitBlobSha(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const header = new TextEncoder().encode(`blob ${bytes.length}\0`);
  const data = new Uint8Array(header.length + bytes.length);
  data.set(header);
  data.set(bytes, header.length);
  const digest = await crypto.subtle.digest('SHA-1', data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromBase64(base64: string): string {
  const binary = atob(base64.replace(/\s/g, ''));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

const UNCHANGED = 'The post in this browser is unchanged.';

async function failure(response: Response, what: string): Promise<PublishError> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  const said = typeof body.message === 'string' ? body.message : '';
  const { status } = response;
  const remaining = response.headers.get('x-ratelimit-remaining');
  if (status === 429 || (status === 403 && (remaining === '0' || /rate limit/i.test(said)))) {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    const when =
      Number.isFinite(reset) && reset > 0
        ? ` after ${new Date(reset * 1000).toLocaleTimeString()}`
        : ' in a few minutes';
    return new PublishError(
      'rate-limit',
      `GitHub asks to wait before more changes. Try again${when}. ${UNCHANGED}`,
      status,
    );
  }
  if (status === 401) {
    return new PublishError(
      'auth',
      `GitHub did not accept the sign-in (it may have expired or been revoked). Sign in to GitHub again, then try again. ${UNCHANGED}`,
      status,
    );
  }
  if (status === 403 || status === 404) {
    return new PublishError(
      'forbidden',
      `GitHub refused to ${what}: the account you signed in with cannot write to the site's repository, or the repository or branch does not exist. ${UNCHANGED}`,
      status,
    );
  }
  if (status === 409 || status === 422) {
    return new PublishError(
      'conflict',
      `The file changed in the repository while it was being published, so nothing was overwritten. ${UNCHANGED}`,
      status,
    );
  }
  return new PublishError(
    'server',
    `GitHub could not ${what} (status ${status}${said ? `: ${said}` : ''}). Try again later. ${UNCHANGED}`,
    status,
  );
}

/**
 * The segments of a repository path, checked where every request is built: an empty, '.' or '..'
 * segment would let a path name another file than it seems to (encoded, '..' still climbs out of
 * /contents/ on the server), so it is refused before GitHub is asked anything. Slugs never make
 * one; this guard holds whatever a caller passes.
 */
function repositoryPath(path: string): string[] {
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new PublishError(
      'server',
      `“${path}” is not a file path this admin writes (an empty, “.” or “..” part), so GitHub was not asked. ${UNCHANGED}`,
    );
  }
  return segments;
}

/** An entry of a folder as the contents API lists it (without content). */
interface FolderEntry {
  type?: unknown;
  name?: unknown;
  sha?: unknown;
}

/** How many entries of a folder the contents API lists at most (GitHub's REST documentation). */
const CONTENTS_LIST_LIMIT = 1000;

export function createGitHubBackend({
  repo,
  branch,
  token,
  apiRoot = 'https://api.github.com',
  fetch: fetchFn = fetch,
}: GitHubBackendOptions): PublishBackend {
  const repoUrl = `${apiRoot.replace(/\/$/, '')}/repos/${repo.split('/').map(encodeURIComponent).join('/')}`;
  const contentsUrl = (path: string) =>
    `${repoUrl}/contents/${repositoryPath(path).map(encodeURIComponent).join('/')}`;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchFn(url, {
        ...init,
        cache: 'no-store',
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Bearer ${token}`,
          'X-GitHub-Api-Version': '2022-11-28',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
      });
    } catch {
      throw new PublishError(
        'network',
        `GitHub could not be reached. Check the internet connection and try again. ${UNCHANGED}`,
      );
    }
  }

  const commitOf = (body: { commit?: { sha?: string; html_url?: string } }): CommitResult => ({
    sha: body.commit?.sha,
    url: body.commit?.html_url,
    committed: true,
  });

  const unreadableFolder = () =>
    new PublishError(
      'server',
      `${POSTS_FOLDER} in the repository is not a folder this admin can read. ${UNCHANGED}`,
    );

  /** A folder's entries on the branch; undefined when the branch has no such folder. */
  async function listFolder(path: string): Promise<FolderEntry[] | undefined> {
    const response = await call(`${contentsUrl(path)}?ref=${encodeURIComponent(branch)}`, { method: 'GET' });
    if (response.status === 404) return branchExists(undefined);
    if (!response.ok) throw await failure(response, 'list the posts');
    const body = (await response.json()) as unknown;
    if (!Array.isArray(body)) throw unreadableFolder();
    return body as FolderEntry[];
  }

  /** `absent` when the branch exists: a missing file and a missing repository both answer 404. */
  async function branchExists<T>(absent: T): Promise<T> {
    const branchCheck = await call(`${repoUrl}/branches/${encodeURIComponent(branch)}`, { method: 'GET' });
    if (branchCheck.ok) return absent;
    throw await failure(branchCheck, 'read the repository');
  }

  return {
    kind: 'github',
    description: `GitHub, ${repo} (branch ${branch})`,

    async readFile(path: string): Promise<RepoFile | undefined> {
      const response = await call(`${contentsUrl(path)}?ref=${encodeURIComponent(branch)}`, {
        method: 'GET',
      });
      if (response.status === 404) return branchExists(undefined);
      if (!response.ok) throw await failure(response, 'read the file');
      const body = (await response.json()) as {
        type?: string;
        sha: string;
        content?: string;
        encoding?: string;
      };
      if (body.type !== 'file' || body.encoding !== 'base64' || typeof body.content !== 'string') {
        throw new PublishError(
          'server',
          `${path} in the repository is not a file this admin can read. ${UNCHANGED}`,
        );
      }
      return { path, text: fromBase64(body.content), version: body.sha };
    },

    async writeFile(
      path: string,
      text: string,
      { message, expectedVersion }: WriteOptions,
    ): Promise<CommitResult> {
      const response = await call(contentsUrl(path), {
        method: 'PUT',
        body: JSON.stringify({
          message,
          content: toBase64(text),
          branch,
          ...(expectedVersion ? { sha: expectedVersion } : {}),
        }),
      });
      if (!response.ok) throw await failure(response, 'save the file');
      return commitOf((await response.json()) as Parameters<typeof commitOf>[0]);
    },

    async listPostFiles(): Promise<string[]> {
      const entries = await listFolder(POSTS_FOLDER);
      if (entries === undefined) return [];
      const markdown = (list: FolderEntry[], kind: string) =>
        list.flatMap((entry) =>
          entry.type === kind && typeof entry.name === 'string' && entry.name.endsWith('.md')
            ? [entry.name]
            : [],
        );
      if (entries.length < CONTENTS_LIST_LIMIT) return markdown(entries, 'file');
      // The contents API lists 1,000 entries of a folder at most; the folder's git tree has them all.
      const parent = POSTS_FOLDER.slice(0, POSTS_FOLDER.lastIndexOf('/'));
      const folder = (await listFolder(parent))?.find(
        (entry) => entry.type === 'dir' && entry.name === POSTS_FOLDER.slice(parent.length + 1),
      );
      if (typeof folder?.sha !== 'string') throw unreadableFolder();
      const response = await call(`${repoUrl}/git/trees/${encodeURIComponent(folder.sha)}`, {
        method: 'GET',
      });
      if (!response.ok) throw await failure(response, 'list the posts');
      const tree = ((await response.json()) as { tree?: unknown }).tree;
      if (!Array.isArray(tree)) throw unreadableFolder();
      return markdown(
        (tree as { type?: unknown; path?: unknown }[]).map((entry) => ({
          type: entry.type,
          name: entry.path,
        })),
        'blob',
      );
    },

    async hasFile(path: string): Promise<boolean> {
      const response = await call(`${contentsUrl(path)}?ref=${encodeURIComponent(branch)}`, {
        method: 'GET',
      });
      if (response.status === 404) return false;
      if (!response.ok) throw await failure(response, 'read the repository');
      return true;
    },

    async writePictures(pictures: readonly PictureFile[], { message }: Pick<WriteOptions, 'message'>) {
      // Every path is checked before the first request, so a bad one refuses them all.
      for (const picture of pictures) repositoryPath(picture.path);
      for (const picture of pictures) {
        // The post's own copy from an earlier publish is replaced; an identical one is left alone.
        const existing = await call(`${contentsUrl(picture.path)}?ref=${encodeURIComponent(branch)}`, {
          method: 'GET',
        });
        if (!existing.ok && existing.status !== 404) throw await failure(existing, 'read a picture');
        const sha = existing.ok ? ((await existing.json()) as { sha?: string }).sha : undefined;
        if (sha && sha === (await gitBlobSha(picture.base64))) continue;
        const response = await call(contentsUrl(picture.path), {
          method: 'PUT',
          body: JSON.stringify({ message, content: picture.base64, branch, ...(sha ? { sha } : {}) }),
        });
        if (!response.ok) throw await failure(response, 'save a picture');
      }
    },

    async deleteFile(
      path: string,
      { message, expectedVersion }: Required<WriteOptions>,
    ): Promise<CommitResult> {
      const response = await call(contentsUrl(path), {
        method: 'DELETE',
        body: JSON.stringify({ message, sha: expectedVersion, branch }),
      });
      if (!response.ok) throw await failure(response, 'remove the file');
      return commitOf((await response.json()) as Parameters<typeof commitOf>[0]);
    },
  };
}
