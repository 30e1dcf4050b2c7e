// The admin islands' hooks on their own (renderHook): the unsaved copy of the post form, saving it,
// the post list's message, and Markdown export and import.
import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ChangeEvent, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate, useAdminSession } from '@/islands/admin/AuthGate';
import { downloadTextFile, downloadTextFiles } from '@/islands/admin/download';
import { useListMessage } from '@/islands/admin/useListMessage';
import { PICTURES_EXPORTED, useMarkdownTransfer } from '@/islands/admin/useMarkdownTransfer';
import { useSavePost } from '@/islands/admin/useSavePost';
import { UNSAVED_COPY_DELAY_MS, useUnsavedCopy } from '@/islands/admin/useUnsavedCopy';
import { postToMarkdown } from '@/lib/admin/markdown';
import { EMPTY_POST_FORM, POST_FORM_MESSAGES, type PostFormValues } from '@/lib/admin/post-form';
import { unsavedCopyKey, writeUnsavedCopy } from '@/lib/admin/unsaved-copy';
import { CSRF_TOKEN_KEY } from '@/lib/auth/csrf';
import type { Auth } from '@/lib/auth/session';
import { closeDb, type Post, type Session } from '@/lib/db';
import { postStore } from '@/lib/store/posts';

// jsdom draws no pictures: the sizing down (canvas) gives the file back as it is; the checks are real.
vi.mock('@/islands/admin/picture-size', () => ({
  sizeDown: vi.fn(async (file: Blob, type: string) => new Blob([await file.arrayBuffer()], { type })),
}));

vi.mock('@/islands/admin/download', () => ({
  downloadTextFile: vi.fn(),
  downloadTextFiles: vi.fn(async () => {}),
}));

const session: Session = {
  id: 'session-1',
  userId: 1,
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 7_200_000),
};

function gate(currentSession: () => Promise<Session | undefined> = async () => session) {
  const auth = {
    signIn: vi.fn(),
    verifyToken: vi.fn(),
    currentSession: vi.fn(currentSession),
    signOut: vi.fn(async () => {}),
  } as unknown as Auth;
  const onRedirect = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthGate auth={auth} onRedirect={onRedirect}>
      {children}
    </AuthGate>
  );
  return { wrapper, onRedirect };
}

/** renderHook inside the AuthGate, once the gate has let its children in. */
async function renderInGate<T>(hook: () => T, currentSession?: () => Promise<Session | undefined>) {
  const { wrapper, onRedirect } = gate(currentSession);
  const rendered = renderHook(hook, { wrapper });
  await waitFor(() => expect(rendered.result.current).toBeTruthy());
  return { ...rendered, onRedirect };
}

const storedCopy = (key: 'new' | number) =>
  JSON.parse(localStorage.getItem(unsavedCopyKey(key)) ?? 'null') as { values: PostFormValues } | null;

beforeEach(async () => {
  closeDb();
  await Dexie.delete('BlogDatabase');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/admin/posts');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // No manifest: every post exports as this browser's own, and nothing reaches the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(downloadTextFile).mockClear();
  vi.mocked(downloadTextFiles).mockClear();
  closeDb();
});

describe("the GitHub sign-in lasts no longer than the admin's session", () => {
  const GITHUB = 'admin-github-session';
  const DECAP = 'decap-cms-user';
  const signedInToGitHub = () => {
    sessionStorage.setItem(GITHUB, JSON.stringify({ token: 'gho_admin' }));
    localStorage.setItem(GITHUB, JSON.stringify({ token: 'gho_from_an_earlier_version' }));
    localStorage.setItem(DECAP, JSON.stringify({ backendName: 'github', token: 'gho_decap' }));
  };
  const tokens = () => [
    sessionStorage.getItem(GITHUB),
    localStorage.getItem(GITHUB),
    localStorage.getItem(DECAP),
  ];

  it('is forgotten, Decap CMS’s copy included, when the admin signs out', async () => {
    signedInToGitHub();
    const { result, onRedirect } = await renderInGate(() => useAdminSession());
    expect(tokens()).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    await act(async () => result.current.signOut());
    expect(onRedirect).toHaveBeenCalled();
    expect(tokens()).toEqual([null, null, null]);
  });

  it('is forgotten when a check finds the session ended', async () => {
    signedInToGitHub();
    let signedIn = true;
    const { result, onRedirect } = await renderInGate(
      () => useAdminSession(),
      async () => (signedIn ? session : undefined),
    );
    signedIn = false;
    await act(async () => void (await result.current.confirm()));
    expect(onRedirect).toHaveBeenCalledWith(expect.stringContaining('expired=1'));
    expect(tokens()).toEqual([null, null, null]);
  });

  it('is forgotten at once when the admin signs out in another tab, and the session checked', async () => {
    signedInToGitHub();
    let signedIn = true;
    const { onRedirect } = await renderInGate(
      () => useAdminSession(),
      async () => (signedIn ? session : undefined),
    );
    // The other tab's sign-out removes the session token: this tab hears it as a storage event.
    signedIn = false;
    act(() =>
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'auth_token',
          oldValue: 'a.token.value',
          newValue: null,
          storageArea: localStorage,
        }),
      ),
    );
    expect(sessionStorage.getItem(GITHUB)).toBeNull();
    await waitFor(() => expect(onRedirect).toHaveBeenCalledWith(expect.stringContaining('expired=1')));
    expect(tokens()).toEqual([null, null, null]);
  });

  it('is forgotten when an admin page opens without a session', async () => {
    signedInToGitHub();
    const { wrapper, onRedirect } = gate(async () => undefined);
    renderHook(() => null, { wrapper });
    await waitFor(() => expect(onRedirect).toHaveBeenCalled());
    expect(tokens()).toEqual([null, null, null]);
  });
});

describe('useUnsavedCopy', () => {
  const saved: PostFormValues = { ...EMPTY_POST_FORM, title: 'Saved', content: '<p>Saved text</p>' };

  it('starts from the saved state when there is no copy, or the copy says the same', async () => {
    writeUnsavedCopy(localStorage, 4, saved, saved);
    const { result } = await renderInGate(() => useUnsavedCopy(4, saved));
    expect(result.current.values).toEqual(saved);
    expect(result.current.restored).toBeUndefined();
    expect(result.current.dirty).toBe(false);
  });

  it('offers back a copy with changes, keeping the saved content when it cannot be edited', async () => {
    writeUnsavedCopy(localStorage, 4, { ...saved, title: 'Changed', content: '<p>Other</p>' }, saved);
    const { result } = await renderInGate(() => useUnsavedCopy(4, saved, { keepContent: true }));
    expect(result.current.restored?.savedAt).toEqual(expect.any(String));
    expect(result.current.values).toEqual({ ...saved, title: 'Changed' });
    expect(result.current.dirty).toBe(true);
  });

  it('writes the copy once typing pauses, and removes it when the form is back to the saved state', async () => {
    const { result } = await renderInGate(() => useUnsavedCopy('new', saved));
    act(() => result.current.setValues({ ...saved, title: 'Half written' }));
    expect(storedCopy('new')).toBeNull();
    await waitFor(() => expect(storedCopy('new')?.values.title).toBe('Half written'), {
      timeout: UNSAVED_COPY_DELAY_MS * 5,
    });
    act(() => result.current.setValues(saved));
    expect(result.current.dirty).toBe(false);
    expect(storedCopy('new')).toBeNull();
  });

  it('writes the copy at once when the page is left or the admin is sent to sign in', async () => {
    let signedIn = true;
    const { result, onRedirect } = await renderInGate(
      () => ({ copy: useUnsavedCopy('new', saved), session: useAdminSession() }),
      async () => (signedIn ? session : undefined),
    );
    act(() => result.current.copy.setValues({ ...saved, title: 'Before reload' }));
    window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(storedCopy('new')?.values.title).toBe('Before reload');

    localStorage.clear();
    act(() => result.current.copy.setValues({ ...saved, title: 'Before sign-in' }));
    signedIn = false;
    await act(async () => void (await result.current.session.confirm()));
    expect(onRedirect).toHaveBeenCalled();
    expect(storedCopy('new')?.values.title).toBe('Before sign-in');
  });

  it('discards: back to the saved state, without the copy', async () => {
    writeUnsavedCopy(localStorage, 'new', { ...saved, title: 'Restored' }, saved);
    const { result } = await renderInGate(() => useUnsavedCopy('new', saved));
    act(() => result.current.discard());
    expect(result.current.values).toEqual(saved);
    expect(storedCopy('new')).toBeNull();
  });
});

describe('useSavePost', () => {
  const outcome = () => ({ invalid: vi.fn(), valid: vi.fn(), failed: vi.fn(), saved: vi.fn() });

  it('reports the broken rules per field and stores nothing', async () => {
    const calls = outcome();
    const { result } = await renderInGate(() => useSavePost({}, calls));
    await act(() => result.current.save({ ...EMPTY_POST_FORM, excerpt: 'Only an excerpt' }));
    expect(calls.invalid).toHaveBeenCalledWith({ title: POST_FORM_MESSAGES.titleRequired });
    expect(calls.valid).not.toHaveBeenCalled();
    expect(await postStore.listAll()).toEqual([]);
  });

  it('says why when the session check refuses the write, and keeps the form usable', async () => {
    const calls = outcome();
    const { result } = await renderInGate(() => useSavePost({}, calls));
    sessionStorage.setItem(CSRF_TOKEN_KEY, 'f'.repeat(64));
    await act(() => result.current.save({ ...EMPTY_POST_FORM, title: 'T', excerpt: 'E' }));
    expect(calls.valid).toHaveBeenCalled();
    expect(calls.failed).toHaveBeenCalledWith(expect.stringMatching(/out of date/));
    expect(calls.saved).not.toHaveBeenCalled();
    expect(result.current.saving).toBe(false);
    expect(await postStore.listAll()).toEqual([]);
  });
});

describe('useListMessage', () => {
  it('moves focus to a message it says, not to one it only shows', () => {
    const box = document.createElement('div');
    box.tabIndex = -1;
    document.body.append(box);
    const { result } = renderHook(() => useListMessage());
    (result.current.messageRef as { current: HTMLDivElement | null }).current = box;
    act(() => result.current.show({ tone: 'status', text: 'Flash' }));
    expect(box).not.toHaveFocus();
    act(() => result.current.say({ tone: 'error', text: 'Failed' }));
    expect(result.current.message).toEqual({ tone: 'error', text: 'Failed' });
    expect(box).toHaveFocus();
    box.remove();
  });
});

describe('useMarkdownTransfer', () => {
  async function storedPost(title: string): Promise<Post> {
    const result = await postStore.create({
      title,
      excerpt: 'An excerpt.',
      content: '<p>Body</p>',
      tags: [],
      isDraft: false,
    });
    if (!result.ok) throw new Error(result.error);
    return result.value;
  }

  async function renderTransfer(posts: Post[]) {
    const say = vi.fn();
    const show = vi.fn();
    const reload = vi.fn(async () => {});
    const setBusy = vi.fn();
    const rendered = await renderInGate(() => useMarkdownTransfer({ posts, say, show, reload, setBusy }));
    return { ...rendered, say, show, reload, setBusy };
  }

  function chooseFiles(files: File[]) {
    const input = document.createElement('input');
    input.type = 'file';
    Object.defineProperty(input, 'files', { value: Object.assign(files, { item: (i: number) => files[i] }) });
    return { input, event: { currentTarget: input } as unknown as ChangeEvent<HTMLInputElement> };
  }

  it('exports every post as a Markdown file and says how many, without moving focus', async () => {
    const posts = [await storedPost('First post'), await storedPost('Second post')];
    const { result, show, say } = await renderTransfer(posts);
    await act(() => result.current.exportAll());
    const files = vi.mocked(downloadTextFiles).mock.calls[0]![0];
    expect(files.map((file) => file.name)).toEqual(['first-post.md', 'second-post.md']);
    expect(files[0]!.text).toContain('title: First post');
    expect(show).toHaveBeenCalledWith({
      tone: 'status',
      text: expect.stringMatching(/^Downloaded 2 backup files, one per post\./),
    });
    expect(say).not.toHaveBeenCalled();
  });

  it('downloads one post', async () => {
    const post = await storedPost('Only one');
    const { result } = await renderTransfer([post]);
    await act(() => result.current.downloadPost(post));
    expect(downloadTextFile).toHaveBeenCalledWith('only-one.md', expect.stringContaining('title: Only one'));
  });

  it("exports a post's pictures from the computer beside it, the Markdown naming their files", async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const result0 = await postStore.create({
      title: 'With a picture',
      excerpt: 'An excerpt.',
      content: '<p>Body</p><img src="./images/chart.png" alt="A chart">',
      tags: [],
      isDraft: false,
      pictures: { 'chart.png': png },
    });
    if (!result0.ok) throw new Error(result0.error);
    const { result, show } = await renderTransfer([result0.value]);
    await act(() => result.current.downloadPost(result0.value));
    const files = vi.mocked(downloadTextFiles).mock.calls[0]![0];
    expect(files.map((file) => file.name)).toEqual(['with-a-picture.md', 'with-a-picture-chart.png']);
    expect(files[0]!.text).toContain('![A chart](./images/with-a-picture-chart.png)');
    const picture = files[1]!.text as Blob;
    expect(picture.type).toBe('image/png');
    expect([...new Uint8Array(await picture.arrayBuffer())].slice(0, 4)).toEqual([137, 80, 78, 71]);
    expect(show).toHaveBeenCalledWith({ tone: 'status', text: PICTURES_EXPORTED });
  });

  it('asks before replacing a post, then imports and reloads the list', async () => {
    const post = await storedPost('Visual schedules');
    const file = new File(
      [postToMarkdown({ ...post, title: 'Visual schedules, again' })],
      'visual-schedules.md',
    );
    const { result, say, reload, setBusy } = await renderTransfer([post]);
    const { input, event } = chooseFiles([file]);
    await act(() => result.current.filesChosen(event));
    expect(result.current.pendingImport?.plan.replaced).toEqual([
      {
        post: expect.objectContaining({ fileName: 'visual-schedules.md' }),
        existingTitle: 'Visual schedules',
      },
    ]);
    expect(input.value).toBe('');
    expect(setBusy).toHaveBeenLastCalledWith(false);

    act(() => result.current.confirmImport());
    await waitFor(() =>
      expect(say).toHaveBeenCalledWith({ tone: 'status', text: 'Brought back 1 post (1 replaced).' }),
    );
    expect(reload).toHaveBeenCalled();
    expect(result.current.pendingImport).toBeNull();
    expect((await postStore.listAll()).map((stored) => stored.title)).toEqual(['Visual schedules, again']);
  });

  it('imports nothing from files with problems, and lists them', async () => {
    const { result, say } = await renderTransfer([]);
    const { event } = chooseFiles([new File(['no front matter'], 'broken.md')]);
    await act(() => result.current.filesChosen(event));
    expect(say).toHaveBeenCalledWith({
      tone: 'error',
      text: 'Nothing was brought back. Please correct these files and try again:',
      details: [expect.stringMatching(/^broken\.md: /)],
    });
    expect(await postStore.listAll()).toEqual([]);
  });

  it('says so when the admin cancels the replacing import', async () => {
    const post = await storedPost('Kept as it is');
    const { result, say } = await renderTransfer([post]);
    await act(() =>
      result.current.filesChosen(chooseFiles([new File([postToMarkdown(post)], 'kept.md')]).event),
    );
    expect(result.current.pendingImport).not.toBeNull();
    act(() => result.current.cancelImport());
    expect(result.current.pendingImport).toBeNull();
    expect(say).toHaveBeenCalledWith({
      tone: 'status',
      text: 'Nothing was brought back; no post was changed.',
    });
  });

  it("brings a backup's post back with its pictures from the computer, under the names they had", async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const created = await postStore.create({
      title: 'With a picture',
      excerpt: 'An excerpt.',
      content: '<p>Body</p><img src="./images/chart.png" alt="A chart">',
      tags: [],
      isDraft: false,
      pictures: { 'chart.png': png },
    });
    if (!created.ok) throw new Error(created.error);
    const original = created.value;
    const { result, say } = await renderTransfer([original]);
    await act(() => result.current.downloadPost(original));
    const exported = vi.mocked(downloadTextFiles).mock.calls[0]![0];
    const backup = exported.map(
      (file) =>
        new File([file.text], file.name, typeof file.text === 'string' ? {} : { type: file.text.type }),
    );
    await postStore.remove(original.id);

    await act(() => result.current.filesChosen(chooseFiles(backup).event));
    await waitFor(() =>
      expect(say).toHaveBeenCalledWith({
        tone: 'status',
        text: 'Brought back 1 post (1 added). 1 picture from this computer came back with it.',
      }),
    );
    const [back] = await postStore.listAll();
    expect(back).toMatchObject({
      slug: original.slug,
      title: original.title,
      pictures: { 'chart.png': png },
    });
    // (Read back from Markdown, the picture sits in a paragraph, as every imported picture does.)
    expect(back!.content).toMatch(/^<p>Body<\/p><p><img src="\.\/images\/chart\.png" alt="A chart"/);

    // Exported again, the same files.
    vi.mocked(downloadTextFiles).mockClear();
    await act(() => result.current.downloadPost(back!));
    const again = vi.mocked(downloadTextFiles).mock.calls[0]![0];
    expect(again.map((file) => file.name)).toEqual(exported.map((file) => file.name));
    expect(again[0]!.text).toBe(exported[0]!.text);
  });

  it("imports nothing when a backup's picture cannot be used, or no post shows it, saying why", async () => {
    const post = await storedPost('Two pictures');
    const markdown = postToMarkdown({
      ...post,
      content: '<p>Body</p><img src="./images/two-pictures-photo.heic" alt="A photo">',
    });
    const { result, say } = await renderTransfer([]);
    await act(() =>
      result.current.filesChosen(
        chooseFiles([
          new File([markdown], 'two-pictures.md'),
          new File([new Uint8Array([0, 0, 0, 24])], 'two-pictures-photo.heic', { type: 'image/heic' }),
          new File([new Uint8Array([137, 80, 78, 71])], 'stray.png', { type: 'image/png' }),
        ]).event,
      ),
    );
    expect(say).toHaveBeenCalledWith({
      tone: 'error',
      text: 'Nothing was brought back. Please correct these files and try again:',
      details: [
        expect.stringContaining(
          "“two-pictures-photo.heic” cannot be used: it is in the iPhone's HEIC format",
        ),
        'stray.png: no post among the chosen files shows this picture.',
      ],
    });
    await postStore.remove(post.id);
    expect(await postStore.listAll()).toEqual([]);
  });
});
