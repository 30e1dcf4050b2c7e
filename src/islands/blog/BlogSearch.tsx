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
} from 'react';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { useHydrationSignal } from '@/islands/shared/use-hydration-signal';
import { collectTags, type TagChoice } from '@/lib/blog/posts';
import { createPostSearch, isFiltering, showsFeatured } from '@/lib/blog/search';
import { loadBlogPosts, type PostLoader } from './load-posts';
import { useSettledText } from './useSettledText';
import { searchAnnouncement } from './search-announcement';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import { TagFilterDialog } from './TagFilterDialog';
import { useBlogPosts } from './useBlogPosts';
import { useFuzzyMatcher } from './useFuzzyMatcher';
import { useShowMore } from './useShowMore';

/**
 * id of the server-rendered list this island stands in for while it shows its own results: a
 * constant both sides import rather than a prop, which /blog would carry in its first round trip.
 */
export const STATIC_LIST_ID = 'blog-static-list';

export interface BlogSearchProps {
  /** Tags of the built posts, so the dialog can open before the post list has arrived. */
  tags: readonly TagChoice[];
  /** Which page of /blog this is; only the first shows the admin's posts without a search. */
  page?: number;
  /** Where the posts come from (tests pass their own). */
  load?: PostLoader;
}

export function BlogSearch({ tags: builtTags, page = 1, load = loadBlogPosts }: BlogSearchProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useHydrationSignal(inputRef);
  const filterButtonRef = useRef<HTMLButtonElement>(null);

  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The status line is outside the modal dialog, which makes the page behind it inert: a change said
  // there while the dialog is open reaches no screen reader. It keeps its words until the dialog
  // closes, then says the count the chosen tags give, once.
  const [saidBeforeDialog, setSaidBeforeDialog] = useState('');
  const [hasFiltered, setHasFiltered] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const data = useBlogPosts(load);
  const fuseClass = useFuzzyMatcher(query.trim() !== '');

  useEffect(() => {
    // Text typed before React arrived is still in the input (it is uncontrolled).
    const typed = inputRef.current?.value ?? '';
    if (typed) setQuery(typed);
  }, []);

  const posts = useMemo(() => (data.status === 'ready' ? data.posts : []), [data]);
  const tags = useMemo(
    (): readonly TagChoice[] => (data.status === 'ready' ? collectTags(posts) : builtTags),
    [data.status, posts, builtTags],
  );
  const search = useMemo(() => createPostSearch(posts, fuseClass), [posts, fuseClass]);
  const filter = useMemo(() => ({ query: deferredQuery, tags: selected }), [deferredQuery, selected]);
  const results = useMemo(() => search(filter), [search, filter]);
  const filtering = isFiltering({ query, tags: selected });
  const showOwnList = filtering || (data.status === 'ready' && data.changed && page === 1);
  const { limit, showMore, resultsRef } = useShowMore(
    `${deferredQuery.trim().toLowerCase()}|${selected.join(',')}`,
  );

  // The server-rendered grid steps aside while this island shows its own list, in the same frame
  // (a layout effect runs before paint), so both lists never show at once.
  useLayoutEffect(() => {
    const staticList = document.getElementById(STATIC_LIST_ID);
    if (!staticList) return;
    staticList.hidden = showOwnList;
    return () => {
      staticList.hidden = false;
    };
  }, [showOwnList]);

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

  const selectedLabels = selected.map((slug) => tags.find((tag) => tag.slug === slug)?.label ?? slug);
  const announcement = useSettledText(
    searchAnnouncement({
      status: data.status,
      filtering,
      hasFiltered,
      posts: posts.length,
      results: results.length,
    }),
  );

  return (
    // data-posts: where the post list stands (loading, ready, failed); the end-to-end tests wait for
    // it, not for a time, before they check what the admin's posts added or did not.
    <div data-blog-search="" data-posts={data.status} className="hidden in-[.js]:block">
      <SearchForm
        inputId={inputId}
        inputRef={inputRef}
        filterButtonRef={filterButtonRef}
        selectedCount={selected.length}
        filtering={filtering}
        onQueryChange={onQueryChange}
        onOpenFilter={() => {
          setSaidBeforeDialog(announcement);
          setDialogOpen(true);
        }}
        onClearAll={clearAll}
      />
      {selectedLabels.length > 0 && (
        <p className="mt-4 text-ink-muted">
          Showing posts tagged: <span className="font-bold text-ink">{selectedLabels.join(', ')}</span>
        </p>
      )}
      <p role="status" className="sr-only">
        {dialogOpen ? saidBeforeDialog : announcement}
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
          <SearchResults
            status={data.status}
            posts={posts}
            results={results}
            limit={limit}
            featureFirst={showsFeatured(filter)}
            onShowMore={showMore}
          />
        </div>
      )}
    </div>
  );
}

export default withErrorBoundary(BlogSearch);
