import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogSearch, STATIC_LIST_ID } from '@/islands/blog/BlogSearch';
import type { LoadedPosts } from '@/islands/blog/load-posts';
import { collectTags, type CardPost } from '@/lib/blog/posts';
import { tagSlug } from '@/lib/slug';
import { deferred } from '../helpers';

const card = (slug: string, title: string, excerpt: string, tags: string[], day: string): CardPost => ({
  slug,
  title,
  excerpt,
  tags,
  tagSlugs: tags.map(tagSlug),
  author: 'Admin',
  publishedAt: Date.parse(`${day}T12:00:00Z`),
  day,
  dateLabel: day,
});

const POSTS = [
  card(
    'adult-life',
    'Planning the Move to Adult Life',
    'The teen years bring changes.',
    ['Adults', 'Planning'],
    '2026-01-20',
  ),
  card(
    'schedules',
    'Visual Schedules: A Practical Guide',
    'Pictures that show what comes next.',
    ['Visual supports', 'Routines'],
    '2025-10-07',
  ),
  card(
    'routines',
    'Daily Living Routines',
    'Brushing teeth, one step at a time.',
    ['Life skills', 'Routines'],
    '2025-06-24',
  ),
  card(
    'social',
    'Building Social Skills at Home',
    'Turn-taking games and snack time.',
    ['Social skills', 'Home'],
    '2025-05-06',
  ),
];

let staticList: HTMLElement;
let user: UserEvent;

const loaded = (posts = POSTS, changed = false) =>
  vi.fn(async (): Promise<LoadedPosts> => ({ posts, changed }));

function renderSearch(load = loaded()) {
  return render(<BlogSearch tags={collectTags(POSTS)} load={load} />);
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search posts' });
const results = () => document.querySelector<HTMLElement>('[data-blog-results]');
const shownSlugs = () =>
  [...(results()?.querySelectorAll('[data-post-card]') ?? [])].map((el) => el.getAttribute('data-post-card'));
const status = () =>
  screen
    .getAllByRole('status')
    .find((el) => el.closest('[data-blog-search]') && !el.closest('[data-blog-results]'))!;

beforeAll(() => {
  // jsdom has no modal dialogs; these do what matters here (open state and the close event).
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  staticList = document.createElement('div');
  staticList.id = STATIC_LIST_ID;
  staticList.textContent = 'The list the build rendered';
  document.body.append(staticList);
  user = userEvent.setup();
});
afterEach(() => {
  staticList.remove();
  vi.restoreAllMocks();
});

describe('BlogSearch: before it is used', () => {
  it('offers a labelled search box, the Filter button and leaves the built list in place', async () => {
    const load = loaded();
    renderSearch(load);
    expect(searchBox()).toHaveAttribute('placeholder', 'Search posts...');
    expect(screen.getByRole('search', { name: 'Blog posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(results()).toBeNull();
    expect(staticList.hidden).toBe(false);
  });
});

describe('BlogSearch: search', () => {
  it('shows the posts whose title or excerpt contains the text, without a featured card', async () => {
    renderSearch();
    await user.type(searchBox(), 'TEETH');
    await waitFor(() => expect(shownSlugs()).toEqual(['routines']));
    expect(staticList.hidden).toBe(true);
    expect(results()!.querySelector('[data-featured]')).toBeNull();
    // The announcement waits for typing to pause (useSettledText).
    await waitFor(() => expect(status()).toHaveTextContent('1 post found'));
    expect(screen.getByRole('link', { name: 'Daily Living Routines' })).toHaveAttribute(
      'href',
      '/blog/routines',
    );
  });

  it('finds a post despite a typo', async () => {
    renderSearch();
    await user.type(searchBox(), 'scedule');
    await waitFor(() => expect(shownSlugs()).toEqual(['schedules']));
  });

  it("says 'No posts found' when nothing matches, and 'Clear all filters' brings the list back", async () => {
    renderSearch();
    await user.type(searchBox(), 'zzqxj');
    const empty = await screen.findByRole('heading', { name: 'No posts found' });
    expect(empty.parentElement).toHaveTextContent('Try adjusting your search or filter criteria');
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(results()).toBeNull();
    expect(staticList.hidden).toBe(false);
    // The announcement waits for typing to pause (useSettledText).
    await waitFor(() => expect(status()).toHaveTextContent('Showing all 4 posts'));
  });

  it('keeps text typed before the island hydrated', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const load = loaded();
    container.innerHTML = renderToString(<BlogSearch tags={[]} load={load} />);
    container.querySelector('input')!.value = 'social';
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <BlogSearch tags={[]} load={load} />);
    });
    await waitFor(() => expect(shownSlugs()).toEqual(['social']));
    act(() => root!.unmount());
    container.remove();
  });
});

describe('BlogSearch: tags', () => {
  it("opens 'Filter by Tags' with toggle chips and shows posts with any selected tag", async () => {
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter by Tags' });
    const routines = within(dialog).getByRole('button', { name: 'Routines' });
    expect(routines).toHaveAttribute('aria-pressed', 'false');

    await user.click(routines);
    expect(routines).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Home' }));
    await waitFor(() => expect(shownSlugs()).toEqual(['schedules', 'routines', 'social']));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(dialog).not.toHaveAttribute('open');
    const filter = screen.getByRole('button', { name: 'Filter (2 tags selected)' });
    expect(filter).toHaveFocus();
    expect(screen.getByText(/Showing posts tagged:/)).toHaveTextContent('Routines, Home');
  });

  it('combines tags and search text with AND', async () => {
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Routines' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.type(searchBox(), 'teeth');
    await waitFor(() => expect(shownSlugs()).toEqual(['routines']));
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('button', { name: 'Routines' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('BlogSearch: loading and empty states', () => {
  it('shows six placeholder cards while the posts load, only once the visitor searches', async () => {
    const pending = deferred<LoadedPosts>();
    renderSearch(vi.fn(() => pending.promise));
    expect(results()).toBeNull(); // the built list stays; nothing shifts
    await user.type(searchBox(), 'home');
    expect(results()!.querySelectorAll('[data-skeleton-card]')).toHaveLength(6);
    // The announcement waits for typing to pause (useSettledText).
    await waitFor(() => expect(status()).toHaveTextContent('Loading posts...'));
    await act(async () => pending.resolve({ posts: POSTS, changed: false }));
    expect(shownSlugs()).toEqual(['social']);
  });

  it("says 'No posts yet' when nothing is published", async () => {
    renderSearch(loaded([], true));
    const empty = await screen.findByRole('heading', { name: 'No posts yet' });
    expect(empty.parentElement).toHaveTextContent('Check back soon for new content!');
    expect(staticList.hidden).toBe(true);
  });

  it('says so when the post list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSearch(vi.fn(async () => Promise.reject(new Error('offline'))));
    await user.type(searchBox(), 'home');
    expect(await screen.findByText(/could not be loaded/, { selector: 'p:not([role])' })).toBeInTheDocument();
    // Screen readers hear it: the status region says it, not only the list.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The posts could not be loaded. Please check your connection and refresh the page.',
      ),
    );
  });
});

describe("BlogSearch: the admin's posts in this browser", () => {
  it('shows them at once, the newest featured, in place of the built list', async () => {
    const mine = {
      ...card('mine', 'Written in this browser', 'Mine.', ['Home'], '2026-02-01'),
      fromBrowser: true,
    };
    renderSearch(loaded([mine, ...POSTS], true));
    await waitFor(() =>
      expect(shownSlugs()).toEqual(['mine', 'adult-life', 'schedules', 'routines', 'social']),
    );
    expect(results()!.querySelector('[data-featured]')).toHaveAttribute('data-post-card', 'mine');
    expect(staticList.hidden).toBe(true);
  });

  it("shows 12 cards at a time; 'Show more posts' adds the next ones and moves focus to the first of them", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      card(`post-${i + 1}`, `Post ${i + 1}`, 'Text.', [], `2025-01-${String(30 - i).padStart(2, '0')}`),
    );
    renderSearch(loaded(many, true));
    await waitFor(() => expect(shownSlugs()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(shownSlugs()).toHaveLength(24);
    expect(screen.getByRole('link', { name: 'Post 13' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(shownSlugs()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more posts' })).not.toBeInTheDocument();
  });
});
