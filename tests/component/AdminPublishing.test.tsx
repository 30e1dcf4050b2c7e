// "Publish to website" and a sign-out in another tab of the same browser: the GitHub sign-in this tab
// keeps (sessionStorage, out of the other tab's reach) is forgotten, and never published with.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '@/islands/admin/AuthGate';
import { GITHUB_SIGNED_OUT, usePublishing } from '@/islands/admin/usePublishing';
import { AUTH_TOKEN_KEY, type Auth } from '@/lib/auth/session';
import type { Post, Session } from '@/lib/db';
import type { PublishBackend } from '@/lib/publish/backend';
import { GITHUB_SESSION_KEY, readGitHubSession } from '@/lib/publish/github-token';
import { publishToWebsite } from '@/lib/publish/publisher';

// GitHub when this tab keeps a sign-in, as connect() decides; nothing reaches the network.
vi.mock('@/lib/publish/connection', () => ({
  connect: vi.fn(async () => {
    const session = readGitHubSession();
    return session
      ? { kind: 'github', backend: { description: 'GitHub' } as unknown as PublishBackend, session }
      : { kind: 'github-signed-out', provider: {}, localTried: false };
  }),
}));
vi.mock('@/lib/publish/publisher', () => ({
  publishToWebsite: vi.fn(async () => ({ ok: false, error: 'not published in this test' })),
  removeFromWebsite: vi.fn(),
}));

const session: Session = {
  id: 'session-1',
  userId: 1,
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 7_200_000),
};

const post = {
  id: 7,
  slug: 'visual-schedules',
  title: 'Visual schedules',
  updatedAt: new Date('2026-11-02T10:00:00Z'),
  publishedAt: new Date('2026-11-02T10:00:00Z'),
} as Post;

function renderPublishing() {
  const auth = {
    signIn: vi.fn(),
    verifyToken: vi.fn(),
    // Signed in again in the other tab at once: the session check alone would let the publish go.
    currentSession: vi.fn(async () => session),
    signOut: vi.fn(async () => {}),
  } as unknown as Auth;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthGate auth={auth} onRedirect={vi.fn()}>
      {children}
    </AuthGate>
  );
  return renderHook(() => usePublishing([post]), { wrapper });
}

/** What this tab hears when another tab of the browser signs out: its session token removed. */
const signedOutInAnotherTab = () =>
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: AUTH_TOKEN_KEY,
      oldValue: 'a.token.value',
      newValue: null,
      storageArea: localStorage,
    }),
  );

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(publishToWebsite).mockClear();
});

describe('a sign-out in another tab', () => {
  it("forgets this tab's GitHub sign-in at once, and the panel offers it again", async () => {
    sessionStorage.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token: 'gho_admin' }));
    const { result } = renderPublishing();
    await waitFor(() => expect(result.current.connection?.kind).toBe('github'));
    act(signedOutInAnotherTab);
    expect(sessionStorage.getItem(GITHUB_SESSION_KEY)).toBeNull();
    await waitFor(() => expect(result.current.connection?.kind).toBe('github-signed-out'));
  });

  it('leaves a press that comes before the panel has caught up unpublished, saying why', async () => {
    sessionStorage.setItem(GITHUB_SESSION_KEY, JSON.stringify({ token: 'gho_admin' }));
    const { result } = renderPublishing();
    await waitFor(() => expect(result.current.connection?.kind).toBe('github'));
    const { run } = result.current; // still the GitHub connection with the token in it
    act(signedOutInAnotherTab);
    await act(async () => run(post, 'publish'));
    expect(publishToWebsite).not.toHaveBeenCalled();
    expect(result.current.notice).toEqual({ tone: 'error', text: GITHUB_SIGNED_OUT, postId: post.id });
  });
});
