import { render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../helpers';

const showBrowserPost = vi.hoisted(() =>
  vi.fn<(host: HTMLElement, slug: string, any: boolean) => Promise<boolean>>(),
);
const showBrowserTagPage = vi.hoisted(() => vi.fn<(host: HTMLElement, tag: string) => Promise<boolean>>());
const showSiteCopyNotice = vi.hoisted(() => vi.fn<(slug: string) => Promise<void>>());
vi.mock('@/islands/blog/browser-post', () => ({ showBrowserPost, showBrowserTagPage, showSiteCopyNotice }));

const { default: BrowserPostLoader, CHECKED_ATTRIBUTE } = await import('@/islands/blog/BrowserPostLoader');

/** The page as BrowserPost.astro leaves it: the host first, the page's own content beside it. */
function renderPage(mode: 'prebuilt' | 'missing', slug = '') {
  return render(
    <main>
      <div data-browser-post={mode} hidden />
      {createElement('astro-island', null, <BrowserPostLoader mode={mode} slug={slug} />)}
      <section>
        <h1>Built content</h1>
      </section>
    </main>,
  );
}

describe('BrowserPostLoader', () => {
  beforeEach(() => {
    showBrowserPost.mockReset();
    showBrowserTagPage.mockReset();
    showSiteCopyNotice.mockReset().mockResolvedValue(undefined);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('replaces the built post with the stored one, keeping itself', async () => {
    showBrowserPost.mockResolvedValue(true);
    const { container } = renderPage('prebuilt', 'my-post');
    await waitFor(() => expect(screen.queryByText('Built content')).not.toBeInTheDocument());
    expect(showBrowserPost).toHaveBeenCalledWith(
      container.querySelector('[data-browser-post]'),
      'my-post',
      false,
    );
    expect(container.querySelector('astro-island')).toBeInTheDocument();
  });

  it('leaves the built post alone when the store has nothing newer', async () => {
    showBrowserPost.mockResolvedValue(false);
    const { container } = renderPage('prebuilt', 'my-post');
    await waitFor(() => expect(showBrowserPost).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-browser-post]')).not.toBeVisible());
    expect(screen.getByText('Built content')).toBeVisible();
    // ...and asks whether the admin drafted, deleted or retitled it here.
    await waitFor(() => expect(showSiteCopyNotice).toHaveBeenCalledWith('my-post'));
  });

  it('marks the host once it has looked, its note about the built post included', async () => {
    showBrowserPost.mockResolvedValue(false);
    const notice = deferred<void>();
    showSiteCopyNotice.mockReturnValue(notice.promise);
    const { container } = renderPage('prebuilt', 'my-post');
    const host = container.querySelector('[data-browser-post]')!;
    await waitFor(() => expect(showSiteCopyNotice).toHaveBeenCalledWith('my-post'));
    expect(host).not.toHaveAttribute(CHECKED_ATTRIBUTE);
    notice.resolve();
    await waitFor(() => expect(host).toHaveAttribute(CHECKED_ATTRIBUTE, ''));
  });

  it('shows the stored post without a note about the built one', async () => {
    showBrowserPost.mockResolvedValue(true);
    renderPage('prebuilt', 'my-post');
    await waitFor(() => expect(screen.queryByText('Built content')).not.toBeInTheDocument());
    expect(showSiteCopyNotice).not.toHaveBeenCalled();
  });

  it('on the 404 page says Loading... until the post is found, reading the slug from the address', async () => {
    window.history.replaceState(null, '', '/blog/only-here');
    const lookup = deferred<boolean>();
    showBrowserPost.mockReturnValue(lookup.promise);
    renderPage('missing');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByText('Built content')).not.toBeVisible();
    expect(showBrowserPost.mock.calls[0]?.slice(1)).toEqual(['only-here', true]);
    lookup.resolve(false);
    await waitFor(() => expect(screen.getByText('Built content')).toBeVisible());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(showSiteCopyNotice).not.toHaveBeenCalled(); // a note is for built posts only
  });

  it('gives the page back when the stored post cannot be shown', async () => {
    window.history.replaceState(null, '', '/blog/broken');
    showBrowserPost.mockRejectedValue(new Error('IndexedDB unavailable'));
    renderPage('missing');
    await waitFor(() => expect(screen.getByText('Built content')).toBeVisible());
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('leaves the 404 page alone when the address has a malformed %-escape', () => {
    window.history.replaceState(null, '', '/blog/%E0%A4');
    renderPage('missing');
    expect(showBrowserPost).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Built content')).toBeVisible();
  });

  it('decodes the slug of a 404 address', async () => {
    window.history.replaceState(null, '', '/blog/caf%C3%A9-notes');
    showBrowserPost.mockResolvedValue(false);
    renderPage('missing');
    await waitFor(() => expect(showBrowserPost).toHaveBeenCalled());
    expect(showBrowserPost.mock.calls[0]?.[1]).toBe('café-notes');
  });

  it('on a 404 tag address, asks for the stored posts with that tag', async () => {
    window.history.replaceState(null, '', '/blog/tags/sensory-play');
    showBrowserTagPage.mockResolvedValue(true);
    renderPage('missing');
    await waitFor(() => expect(screen.queryByText('Built content')).not.toBeInTheDocument());
    expect(showBrowserTagPage.mock.calls[0]?.[1]).toBe('sensory-play');
    expect(showBrowserPost).not.toHaveBeenCalled();
  });

  it('gives the 404 page back when no stored post has the tag', async () => {
    window.history.replaceState(null, '', '/blog/tags/routines');
    showBrowserTagPage.mockResolvedValue(false);
    renderPage('missing');
    await waitFor(() => expect(showBrowserTagPage).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Built content')).toBeVisible());
  });

  it('does nothing on a 404 address that is neither a post nor a tag', () => {
    for (const path of ['/blog/page/9', '/about', '/blog/tags/a/b']) {
      window.history.replaceState(null, '', path);
      const { unmount } = renderPage('missing');
      expect(screen.getByText('Built content')).toBeVisible();
      unmount();
    }
    expect(showBrowserPost).not.toHaveBeenCalled();
    expect(showBrowserTagPage).not.toHaveBeenCalled();
  });
});
