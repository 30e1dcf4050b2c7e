// The GitHub contents-API client of "Publish to website" (src/lib/publish/github-backend.ts) against
// request and response shapes recorded from GitHub's REST API (version 2022-11-28), with fetch
// replaced: no test reaches the network.
import { describe, expect, it } from 'vitest';
import { PublishError } from '@/lib/publish/backend';
import { createGitHubBackend } from '@/lib/publish/github-backend';

interface Recorded {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fetch that answers the recorded responses in order and keeps every request it was given. */
function recording(...responses: Recorded[]) {
  const requests: Array<{ url: string; method: string; headers: Record<string, string>; body: unknown }> = [];
  const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = responses.shift();
    if (!next) throw new Error('no recorded response left');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...next.headers },
    });
  }) as typeof fetch;
  return { fetchFn, requests };
}

const backend = (fetchFn: typeof fetch) =>
  createGitHubBackend({ repo: 'bright-path/site', branch: 'main', token: 'gho_example', fetch: fetchFn });

const PATH = 'content/posts/visual-schedules.md';
const TEXT = '---\ntitle: Visual Schedules — à la maison\n---\n\n<p>Hello</p>\n';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

// GET /repos/{owner}/{repo}/contents/{path} (a file), as GitHub answers it: base64 wrapped at 60 columns.
const fileResponse = {
  type: 'file',
  encoding: 'base64',
  size: 62,
  name: 'visual-schedules.md',
  path: PATH,
  content: base64(TEXT).replace(/(.{60})/g, '$1\n'),
  sha: '3d21ec53a331a6f037a91c368710b99387d012c1',
  url: `https://api.github.com/repos/bright-path/site/contents/${PATH}?ref=main`,
  html_url: `https://github.com/bright-path/site/blob/main/${PATH}`,
  download_url: `https://raw.githubusercontent.com/bright-path/site/main/${PATH}`,
};

// GET /repos/{owner}/{repo}/contents/{path} of a folder: an array of entries without content.
const folderEntry = (type: string, name: string) => ({
  type,
  name,
  path: `content/posts/${name}`,
  sha: '3d21ec53a331a6f037a91c368710b99387d012c1',
  size: type === 'dir' ? 0 : 612,
  url: `https://api.github.com/repos/bright-path/site/contents/content/posts/${name}?ref=main`,
});

// PUT and DELETE answer with the file (null after a delete) and the commit.
const commitResponse = (content: unknown) => ({
  content,
  commit: {
    sha: '7638417db6d59f3c431d3e1f261cc637155684cd',
    html_url: 'https://github.com/bright-path/site/commit/7638417db6d59f3c431d3e1f261cc637155684cd',
    message: 'Publish post visual-schedules (admin, Publish to website)',
  },
});

const expectError = async (work: Promise<unknown>, code: PublishError['code'], text: RegExp) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PublishError);
  expect((error as PublishError).code).toBe(code);
  expect((error as PublishError).message).toMatch(text);
  expect((error as PublishError).message).toContain('The post in this browser is unchanged.');
};

describe('GitHub backend', () => {
  it('reads a file on the branch, decoding UTF-8 from wrapped base64', async () => {
    const { fetchFn, requests } = recording({ status: 200, body: fileResponse });
    const file = await backend(fetchFn).readFile(PATH);
    expect(file).toEqual({ path: PATH, text: TEXT, version: fileResponse.sha });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: `https://api.github.com/repos/bright-path/site/contents/${PATH}?ref=main`,
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: 'Bearer gho_example',
        'X-GitHub-Api-Version': '2022-11-28',
      },
    });
  });

  it('reports a missing file as undefined once the branch is known to exist', async () => {
    const { fetchFn, requests } = recording(
      {
        status: 404,
        body: {
          message: 'Not Found',
          documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
          status: '404',
        },
      },
      { status: 200, body: { name: 'main', commit: { sha: '7638417db6d59f3c431d3e1f261cc637155684cd' } } },
    );
    expect(await backend(fetchFn).readFile(PATH)).toBeUndefined();
    expect(requests[1]!.url).toBe('https://api.github.com/repos/bright-path/site/branches/main');
  });

  it('reports a repository the account cannot see (404 for the branch too) as not allowed', async () => {
    const notFound = { status: 404, body: { message: 'Not Found', status: '404' } };
    const { fetchFn } = recording(notFound, notFound);
    await expectError(backend(fetchFn).readFile(PATH), 'forbidden', /cannot write to the site's repository/);
  });

  it('lists the Markdown files of content/posts, not its folders or other files', async () => {
    const { fetchFn, requests } = recording({
      status: 200,
      body: [
        folderEntry('file', 'a-draft.md'),
        folderEntry('dir', 'images'),
        folderEntry('file', 'README.txt'),
        folderEntry('file', 'b.md'),
      ],
    });
    expect(await backend(fetchFn).listPostFiles()).toEqual(['a-draft.md', 'b.md']);
    expect(requests[0]!.url).toBe(
      'https://api.github.com/repos/bright-path/site/contents/content/posts?ref=main',
    );
  });

  it('lists a folder of more than 1,000 files from its git tree, which the contents API cuts short', async () => {
    const names = Array.from({ length: 1200 }, (_, i) => `post-${String(i).padStart(4, '0')}.md`);
    const treeSha = 'b1f0c2d3e4a5968778695a4b3c2d1e0f9a8b7c6d';
    const { fetchFn, requests } = recording(
      { status: 200, body: names.slice(0, 1000).map((name) => folderEntry('file', name)) },
      { status: 200, body: [{ ...folderEntry('dir', 'posts'), path: 'content/posts', sha: treeSha }] },
      {
        // GET /repos/{owner}/{repo}/git/trees/{tree_sha}: the folder's own entries, names as `path`.
        status: 200,
        body: {
          sha: treeSha,
          url: `https://api.github.com/repos/bright-path/site/git/trees/${treeSha}`,
          tree: [
            ...names.map((path) => ({
              path,
              mode: '100644',
              type: 'blob',
              sha: fileResponse.sha,
              size: 612,
            })),
            { path: 'images', mode: '040000', type: 'tree', sha: treeSha },
          ],
          truncated: false,
        },
      },
    );
    expect(await backend(fetchFn).listPostFiles()).toEqual(names);
    expect(requests.map((request) => request.url)).toEqual([
      'https://api.github.com/repos/bright-path/site/contents/content/posts?ref=main',
      'https://api.github.com/repos/bright-path/site/contents/content?ref=main',
      `https://api.github.com/repos/bright-path/site/git/trees/${treeSha}`,
    ]);
  });

  it('lists no posts where the branch has no content/posts, and refuses a file in its place', async () => {
    const notFound = { status: 404, body: { message: 'Not Found', status: '404' } };
    const branch = {
      status: 200,
      body: { name: 'main', commit: { sha: '7638417db6d59f3c431d3e1f261cc637155684cd' } },
    };
    expect(await backend(recording(notFound, branch).fetchFn).listPostFiles()).toEqual([]);
    await expectError(
      backend(recording(notFound, notFound).fetchFn).listPostFiles(),
      'forbidden',
      /cannot write/,
    );
    const asFile = recording({ status: 200, body: fileResponse }).fetchFn;
    await expectError(
      backend(asFile).listPostFiles(),
      'server',
      /content\/posts in the repository is not a folder/,
    );
  });

  it('creates a file without a sha, with the message, base64 content and branch', async () => {
    const { fetchFn, requests } = recording({
      status: 201,
      body: commitResponse({ ...fileResponse, content: undefined }),
    });
    const commit = await backend(fetchFn).writeFile(PATH, TEXT, { message: 'Publish post visual-schedules' });
    expect(commit).toEqual({
      sha: '7638417db6d59f3c431d3e1f261cc637155684cd',
      url: 'https://github.com/bright-path/site/commit/7638417db6d59f3c431d3e1f261cc637155684cd',
      committed: true,
    });
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: `https://api.github.com/repos/bright-path/site/contents/${PATH}`,
      body: { message: 'Publish post visual-schedules', content: base64(TEXT), branch: 'main' },
    });
    expect(requests[0]!.body).not.toHaveProperty('sha');
  });

  it('updates a file with the sha it read', async () => {
    const { fetchFn, requests } = recording({ status: 200, body: commitResponse(fileResponse) });
    await backend(fetchFn).writeFile(PATH, TEXT, { message: 'Update', expectedVersion: fileResponse.sha });
    expect(requests[0]!.body).toEqual({
      message: 'Update',
      content: base64(TEXT),
      branch: 'main',
      sha: fileResponse.sha,
    });
  });

  it('deletes a file with its sha in one commit', async () => {
    const { fetchFn, requests } = recording({ status: 200, body: commitResponse(null) });
    const commit = await backend(fetchFn).deleteFile(PATH, {
      message: 'Remove',
      expectedVersion: fileResponse.sha,
    });
    expect(commit.sha).toBe('7638417db6d59f3c431d3e1f261cc637155684cd');
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      body: { message: 'Remove', sha: fileResponse.sha, branch: 'main' },
    });
  });

  it('asks to sign in again on 401', async () => {
    const { fetchFn } = recording({
      status: 401,
      body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
    });
    await expectError(
      backend(fetchFn).writeFile(PATH, TEXT, { message: 'm' }),
      'auth',
      /Sign in to GitHub again/,
    );
  });

  it('refuses a write whose sha is no longer the file’s (409)', async () => {
    const { fetchFn } = recording({
      status: 409,
      body: {
        message: `${PATH} does not match 3d21ec53a331a6f037a91c368710b99387d012c1`,
        documentation_url: 'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
        status: '409',
      },
    });
    await expectError(
      backend(fetchFn).writeFile(PATH, TEXT, { message: 'm', expectedVersion: fileResponse.sha }),
      'conflict',
      /changed in the repository while it was being published/,
    );
  });

  it('refuses to create a file that appeared meanwhile (422, sha not supplied)', async () => {
    const { fetchFn } = recording({
      status: 422,
      body: {
        message: 'Invalid request.\n\n"sha" wasn\'t supplied.',
        documentation_url: 'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
        status: '422',
      },
    });
    await expectError(
      backend(fetchFn).writeFile(PATH, TEXT, { message: 'm' }),
      'conflict',
      /nothing was overwritten/,
    );
  });

  it('says when to try again on a rate limit (403 with no requests left, or 429)', async () => {
    const reset = Math.floor(Date.UTC(2025, 0, 5, 15, 30) / 1000);
    const limited = {
      status: 403,
      body: {
        message: 'API rate limit exceeded for user ID 1.',
        documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
      },
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      },
    };
    await expectError(
      backend(recording(limited).fetchFn).readFile(PATH),
      'rate-limit',
      /GitHub asks to wait.*Try again after/,
    );
    const secondary = { status: 429, body: { message: 'You have exceeded a secondary rate limit.' } };
    await expectError(
      backend(recording(secondary).fetchFn).deleteFile(PATH, { message: 'm', expectedVersion: 'x' }),
      'rate-limit',
      /Try again in a few minutes/,
    );
  });

  it('tells a refused write (403 without a rate limit) from a rate limit', async () => {
    const { fetchFn } = recording({
      status: 403,
      body: { message: 'Resource not accessible by integration' },
      headers: { 'x-ratelimit-remaining': '4999' },
    });
    await expectError(backend(fetchFn).writeFile(PATH, TEXT, { message: 'm' }), 'forbidden', /cannot write/);
  });

  it('reports a network failure as such', async () => {
    const fetchFn = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expectError(backend(fetchFn).readFile(PATH), 'network', /could not be reached/);
  });

  it('reports other server errors with their status', async () => {
    const { fetchFn } = recording({ status: 502, body: { message: 'Server Error' } });
    await expectError(
      backend(fetchFn).writeFile(PATH, TEXT, { message: 'm' }),
      'server',
      /status 502: Server Error/,
    );
  });
});

describe('GitHub backend paths', () => {
  const badPaths = [
    'content/posts/../../.github/workflows/deploy.yml',
    'content/posts/./a.md',
    'content//posts/a.md',
    '/content/posts/a.md',
    'content/posts/',
    '..',
  ];

  it.each(badPaths)('refuses %j before any request', async (path) => {
    const { fetchFn, requests } = recording({ status: 200, body: {} });
    const github = backend(fetchFn);
    await expect(github.readFile(path)).rejects.toThrow(/is not a file path this admin writes/);
    await expect(github.writeFile(path, TEXT, { message: 'm' })).rejects.toThrow(PublishError);
    await expect(github.deleteFile(path, { message: 'm', expectedVersion: 'abc' })).rejects.toThrow(
      PublishError,
    );
    await expect(
      github.writePictures!(
        [
          { path: 'content/posts/images/fine.png', base64: 'AA==' },
          { path, base64: 'AA==' },
        ],
        { message: 'm' },
      ),
    ).rejects.toThrow(PublishError);
    expect(requests).toEqual([]);
  });
});
