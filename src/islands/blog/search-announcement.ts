// What the blog search's polite status says after each change, so screen-reader users hear the
// outcome of typing or choosing a tag without leaving the search box.
import { postCountText } from '@/lib/blog/posts';

export const LOAD_FAILED =
  'The posts could not be loaded. Please check your connection and refresh the page.';

interface SearchState {
  status: 'loading' | 'ready' | 'failed';
  /** A search text or a tag is applied. */
  filtering: boolean;
  /** The visitor has searched or chosen a tag at some point (so clearing is worth saying). */
  hasFiltered: boolean;
  posts: number;
  results: number;
}

export function searchAnnouncement({ status, filtering, hasFiltered, posts, results }: SearchState): string {
  // The list says a failed load too, but it is not a live region.
  if (status === 'failed') return LOAD_FAILED;
  if (filtering && status === 'ready') {
    if (posts === 0) return 'No posts yet';
    return results === 0 ? 'No posts found' : `${postCountText(results)} found`;
  }
  if (filtering && status === 'loading') return 'Loading posts...';
  if (!filtering && hasFiltered && status === 'ready') return `Showing all ${postCountText(posts)}`;
  return '';
}
