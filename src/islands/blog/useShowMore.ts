// 'Show more posts': the list widens one page at a time, and focus moves to the first card added so
// keyboard and screen-reader users carry on from there. A new search or tag starts again from one page.
import { useEffect, useRef, useState } from 'react';
import { BLOG_PAGE_SIZE } from '@/lib/blog/posts';

/** `filterKey` names the current search and tags; `resultsRef` holds the cards' links. */
export function useShowMore(filterKey: string) {
  const resultsRef = useRef<HTMLDivElement>(null);
  const focusCardAt = useRef<number | undefined>(undefined);
  const [limitState, setLimitState] = useState({ key: filterKey, limit: BLOG_PAGE_SIZE });
  const limit = limitState.key === filterKey ? limitState.limit : BLOG_PAGE_SIZE;

  useEffect(() => {
    if (focusCardAt.current === undefined) return;
    const links = resultsRef.current?.querySelectorAll<HTMLAnchorElement>('[data-card-link]');
    links?.[focusCardAt.current]?.focus();
    focusCardAt.current = undefined;
  }, [limit]);

  const showMore = () => {
    focusCardAt.current = limit;
    setLimitState({ key: filterKey, limit: limit + BLOG_PAGE_SIZE });
  };

  return { limit, showMore, resultsRef };
}
