// Publishing on this computer through decap-server (`npm run cms`), with the JSON actions Decap's own
// local backend sends (decap-cms-backend-proxy): getEntry, entriesByFolder, persistEntry, persistMedia
// (a picture, as base64), deleteFile. In decap-server's
// default `fs` mode the post becomes a file of the working copy (review it with `git diff`, commit it);
// in `git` mode decap-server commits it to the branch itself.
import { isLoopbackHost } from '@/lib/config/shared.mjs';
import {
  POSTS_FOLDER,
  PublishError,
  type CommitResult,
  type PictureFile,
  type PublishBackend,
  type RepoFile,
  type WriteOptions,
} from './backend';

/** Only a loopback address: decap-server has no sign-in, so the admin never talks to one elsewhere. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && isLoopbackHost(hostname);
  } catch {
    return false;
  }
}

export interface LocalServerInfo {
  /** 'local_fs' writes files; 'local_git' commits them. */
  type: string;
  repo: string;
}

const NOT_RUNNING =
  'The local publishing server (decap-server) did not answer. Start it with “npm run cms” in the project folder, then try again. The post in this browser is unchanged.';

export interface LocalBackendOptions {
  url: string;
  branch: string;
  fetch?: typeof fetch;
}

export function createLocalBackend({ url, branch, fetch: fetchFn = fetch }: LocalBackendOptions) {
  async function request<T>(action: string, params: Record<string, unknown> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchFn(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ branch, action, params: { branch, ...params } }),
      });
    } catch {
      throw new PublishError('network', NOT_RUNNING);
    }
    const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    if (!response.ok) {
      const detail = typeof body?.error === 'string' ? ` (${body.error})` : '';
      throw new PublishError(
        'server',
        `The local publishing server refused the request${detail}. The post in this browser is unchanged; see the terminal running “npm run cms” for details.`,
        response.status,
      );
    }
    return body as T;
  }

  let info: Promise<LocalServerInfo> | undefined;
  const serverInfo = () => {
    info ??= request<LocalServerInfo>('info').catch((error: unknown) => {
      info = undefined;
      throw error;
    });
    return info;
  };

  const backend: PublishBackend &
    Required<Pick<PublishBackend, 'writePictures'>> & {
      info: () => Promise<LocalServerInfo>;
    } = {
    kind: 'local',
    description: 'the project folder on this computer (decap-server)',
    info: serverInfo,

    async readFile(path: string): Promise<RepoFile | undefined> {
      const entry = await request<{ data: string | null; file: { id: string | null } }>('getEntry', { path });
      if (entry.data === null || entry.file.id === null) return undefined;
      return { path, text: entry.data, version: entry.file.id };
    },

    async hasFile(path: string): Promise<boolean> {
      return (await backend.readFile(path)) !== undefined;
    },

    async listPostFiles(): Promise<string[]> {
      const entries = await request<Array<{ file: { path: string } }>>('entriesByFolder', {
        folder: POSTS_FOLDER,
        extension: 'md',
        depth: 1,
      });
      return entries.map((entry) => entry.file.path.replace(/^.*\//, ''));
    },

    async writeFile(path: string, text: string, { message }: WriteOptions): Promise<CommitResult> {
      const slug = path.replace(/^.*\//, '').replace(/\.md$/, '');
      await request('persistEntry', {
        dataFiles: [{ slug, path, raw: text }],
        assets: [],
        options: { collectionName: 'posts', commitMessage: message, useWorkflow: false, status: 'draft' },
      });
      return { committed: (await serverInfo()).type === 'local_git' };
    },

    async writePictures(pictures: readonly PictureFile[], { message }: Pick<WriteOptions, 'message'>) {
      // One at a time: in `git` mode each is a commit, and decap-server takes one change at a time.
      for (const picture of pictures) {
        await request('persistMedia', {
          asset: { path: picture.path, content: picture.base64, encoding: 'base64' },
          options: { commitMessage: message },
        });
      }
    },

    async deleteFile(path: string, { message }: Required<WriteOptions>): Promise<CommitResult> {
      await request('deleteFile', { path, options: { commitMessage: message } });
      return { committed: (await serverInfo()).type === 'local_git' };
    },
  };
  return backend;
}

export type LocalBackend = ReturnType<typeof createLocalBackend>;
