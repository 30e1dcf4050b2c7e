// What the blog search shows in place of the built grid: placeholder cards while the posts load, a
// message when they cannot be loaded or nothing matches, else the cards, one page more at a time.
import type { CardPost } from '@/lib/blog/posts';
import type { BlogPostsState } from './useBlogPosts';
import { BlogEmptyState, PostList, PostListSkeleton } from '../../components/react/PostList';
import { LOAD_FAILED } from './search-announcement';

export const SEARCH_BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border-2 px-5 font-bold transition-colors';

interface SearchResultsProps {
  status: BlogPostsState['status'];
  /** Every post searched. */
  posts: readonly CardPost[];
  /** The posts that match, in order. */
  results: readonly CardPost[];
  limit: number;
  featureFirst: boolean;
  onShowMore: () => void;
}

export function SearchResults({
  status,
  posts,
  results,
  limit,
  featureFirst,
  onShowMore,
}: SearchResultsProps) {
  if (status === 'loading') return <PostListSkeleton />;
  if (status === 'failed') {
    return (
      <p className="rounded-2xl border border-line bg-surface px-6 py-10 text-center text-lg text-ink">
        {LOAD_FAILED}
      </p>
    );
  }
  if (posts.length === 0) return <BlogEmptyState kind="noPosts" />;
  if (results.length === 0) return <BlogEmptyState kind="noMatches" />;
  return (
    <>
      <PostList posts={results.slice(0, limit)} featureFirst={featureFirst} />
      {results.length > limit && (
        <div className="mt-10 flex justify-center">
          <button
            type="button"
            onClick={onShowMore}
            className={`${SEARCH_BUTTON} border-brand bg-page text-brand hover:bg-surface-strong`}
          >
            Show more posts
          </button>
        </div>
      )}
    </>
  );
}
