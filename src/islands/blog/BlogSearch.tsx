// The blog list's search box, 'Filter' button with the 'Filter by Tags' dialog and 'Clear all
// filters' (SPEC 2). The page renders the card grid as HTML at build; this island hydrates when the
// visitor first uses it (client:interact) and then shows its own results in place of that grid,
// over every published post (the build's list from /blog/posts.json, plus the posts the admin keeps
// in this browser). The first card is featured only when there is no search text and no tag.
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { BLOG_PAGE_SIZE, collectTags, postCountText, type CardPost, type TagGroup } from '@/lib/blog/posts';
import { createPostSearch, isFiltering, showsFeatured, type FuseClass } from '@/lib/blog/search';
import { FilterIcon, SearchIcon } from '@/components/react/icons';
import { loadBlogPosts, type PostLoader } from './load-posts';
import { BlogEmptyState, PostList, PostListSkeleton } from '@/components/react/PostList';
import { TagFilterDialog } from './TagFilterDialog';

export interface BlogSearchProps {
  /** Tags of the built posts, so the dialog can open before the post list has arrived. */
  tags: TagGroup[];
  /** id of the server-rendered list this island stands in for while it shows its own results. */
  staticListId: string;
  /** Which page of /blog this is; only the first shows the admin's posts without a search. */
  page?: number;
  /** Where the posts come from (tests pass their own). */
  load?: PostLoader;
}

type Data =
  { status: 'loading' } | { status: 'ready'; posts: CardPost[]; changed: boolean } | { status: 'failed' };

const BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border-2 px-5 font-bold transition-colors';

export function BlogSearch({
  tags: builtTags,
  staticListId,
  page = 1,
  load = loadBlogPosts,
}: BlogSearchProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const focusCardAt = useRef<number | undefined>(undefined);

  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [data, setData] = useState<Data>({ status: 'loading' });
  const [hasFiltered, setHasFiltered] = useState(false);
  const deferredQuery = useDeferredValue(query);

  useEffect(() => {
    let live = true;
    // Text typed before React arrived is still in the input (it is uncontrolled).
    const typed = inputRef.current?.value ?? '';
    if (typed) setQuery(typed);
    load().then(
      (loaded) => live && setData({ status: 'ready', ...loaded }),
      (error: unknown) => {
        console.error('[blog] Could not load the post list:', error);
        if (live) setData({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  // fuse.js (typo-tolerant matches) is downloaded once the visitor starts typing.
  const [fuseClass, setFuseClass] = useState<FuseClass>();
  const wantsFuzzy = query.trim() !== '';
  useEffect(() => {
    if (!wantsFuzzy || fuseClass) return;
    let live = true;
    // The basic build: no extended-search syntax, which the search box does not offer.
    import('fuse.js/basic').then(
      (module) => live && setFuseClass(() => module.default),
      (error: unknown) => console.error('[blog] Typo-tolerant search is not available:', error),
    );
    return () => {
      live = false;
    };
  }, [wantsFuzzy, fuseClass]);

  const posts = useMemo(() => (data.status === 'ready' ? data.posts : []), [data]);
  const tags = useMemo(
    () => (data.status === 'ready' ? collectTags(posts) : builtTags),
    [data.status, posts, builtTags],
  );
  const search = useMemo(() => createPostSearch(posts, fuseClass), [posts, fuseClass]);
  const filter = useMemo(() => ({ query: deferredQuery, tags: selected }), [deferredQuery, selected]);
  const results = useMemo(() => search(filter), [search, filter]);
  const filtering = isFiltering({ query, tags: selected });
  const showOwnList = filtering || (data.status === 'ready' && data.changed && page === 1);

  // 'Show more posts' widens the list; a new search or tag starts again from one page.
  const filterKey = `${deferredQuery.trim().toLowerCase()}|${selected.join(',')}`;
  const [limitState, setLimitState] = useState({ key: filterKey, limit: BLOG_PAGE_SIZE });
  const limit = limitState.key === filterKey ? limitState.limit : BLOG_PAGE_SIZE;

  // The server-rendered grid steps aside while this island shows its own list, in the same frame
  // (a layout effect runs before paint), so both lists never show at once.
  useLayoutEffect(() => {
    const staticList = document.getElementById(staticListId);
    if (!staticList) return;
    staticList.hidden = showOwnList;
    return () => {
      staticList.hidden = false;
    };
  }, [showOwnList, staticListId]);

  useEffect(() => {
    if (focusCardAt.current === undefined) return;
    const links = resultsRef.current?.querySelectorAll<HTMLAnchorElement>('[data-card-link]');
    links?.[focusCardAt.current]?.focus();
    focusCardAt.current = undefined;
  }, [limit]);

  const onQueryChange = (value: string) => {
    setQuery(value);
    if (value.trim()) setHasFiltered(true);
  };

  const toggleTag = (slug: string) => {
    setHasFiltered(true);
    setSelected((current) =>
      current.includes(slug) ? current.filter((tag) => tag !== slug) : [...current, slug],
    );
  };

  const closeDialog = useCallback(() => {
    setDialogOpen(false);
    filterButtonRef.current?.focus();
  }, []);

  const clearAll = () => {
    if (inputRef.current) inputRef.current.value = '';
    setQuery('');
    setSelected([]);
    inputRef.current?.focus();
  };

  const showMore = () => {
    focusCardAt.current = limit;
    setLimitState({ key: filterKey, limit: limit + BLOG_PAGE_SIZE });
  };

  const selectedLabels = selected.map((slug) => tags.find((tag) => tag.slug === slug)?.label ?? slug);

  const LOAD_FAILED = 'The posts could not be loaded. Please check your connection and refresh the page.';
  let announcement = '';
  if (data.status === 'failed') {
    announcement = LOAD_FAILED; // the list below says it too, but is not a live region
  } else if (filtering && data.status === 'ready') {
    announcement =
      posts.length === 0
        ? 'No posts yet'
        : results.length === 0
          ? 'No posts found'
          : `${postCountText(results.length)} found`;
  } else if (filtering && data.status === 'loading') {
    announcement = 'Loading posts...';
  } else if (!filtering && hasFiltered && data.status === 'ready') {
    announcement = `Showing all ${postCountText(posts.length)}`;
  }

  let list: ReactNode = null;
  if (data.status === 'loading') {
    list = <PostListSkeleton />;
  } else if (data.status === 'failed') {
    list = (
      <p className="rounded-2xl border border-line bg-surface px-6 py-10 text-center text-lg text-ink">
        {LOAD_FAILED}
      </p>
    );
  } else if (posts.length === 0) {
    list = <BlogEmptyState kind="noPosts" />;
  } else if (results.length === 0) {
    list = <BlogEmptyState kind="noMatches" />;
  } else {
    list = (
      <>
        <PostList posts={results.slice(0, limit)} featureFirst={showsFeatured(filter)} />
        {results.length > limit && (
          <div className="mt-10 flex justify-center">
            <button
              type="button"
              onClick={showMore}
              className={`${BUTTON} border-brand bg-page text-brand hover:bg-surface-strong`}
            >
              Show more posts
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <div data-blog-search="" className="hidden in-[.js]:block">
      <form
        role="search"
        aria-label="Blog posts"
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-4 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor={inputId} className="block font-bold text-ink">
            Search posts
          </label>
          <div className="relative mt-2">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              placeholder="Search posts..."
              autoComplete="off"
              enterKeyHint="search"
              onChange={(event) => onQueryChange(event.target.value)}
              className="min-h-12 w-full rounded-xl border-2 border-field-line bg-page pr-4 pl-11 text-lg text-ink placeholder:text-ink-muted focus:border-brand"
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            ref={filterButtonRef}
            type="button"
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
            className={`${BUTTON} ${
              selected.length > 0
                ? 'border-brand bg-brand text-on-brand hover:bg-brand-strong'
                : 'border-line bg-page text-ink hover:border-brand'
            }`}
          >
            <FilterIcon className="size-5" />
            Filter
            {selected.length > 0 && (
              <>
                {' '}
                <span aria-hidden="true">({selected.length})</span>
                <span className="sr-only">
                  ({selected.length} {selected.length === 1 ? 'tag' : 'tags'} selected)
                </span>
              </>
            )}
          </button>
          {filtering && (
            <button
              type="button"
              onClick={clearAll}
              className={`${BUTTON} border-transparent bg-page text-brand underline underline-offset-4 hover:border-line`}
            >
              Clear all filters
            </button>
          )}
        </div>
      </form>
      {selectedLabels.length > 0 && (
        <p className="mt-4 text-ink-muted">
          Showing posts tagged: <span className="font-bold text-ink">{selectedLabels.join(', ')}</span>
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <TagFilterDialog
        open={dialogOpen}
        tags={tags}
        selected={selected}
        onToggle={toggleTag}
        onClose={closeDialog}
      />
      {showOwnList && (
        <div ref={resultsRef} data-blog-results="" className="mt-10">
          {list}
        </div>
      )}
    </div>
  );
}

export default withErrorBoundary(BlogSearch);
