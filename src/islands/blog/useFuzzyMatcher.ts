// fuse.js (typo-tolerant matches) is downloaded once the visitor starts typing, not with the page.
import { useEffect, useState } from 'react';
import type { FuseClass } from '@/lib/blog/search';

/** Undefined until `wanted` has been true and the code has arrived (or for good, if it cannot). */
export function useFuzzyMatcher(wanted: boolean): FuseClass | undefined {
  const [fuseClass, setFuseClass] = useState<FuseClass>();
  useEffect(() => {
    if (!wanted || fuseClass) return;
    let live = true;
    // The basic build: no extended-search syntax, which the search box does not offer.
    import('fuse.js/basic').then(
      (module) => live && setFuseClass(() => module.default),
      (error: unknown) => console.error('[blog] Typo-tolerant search is not available:', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, fuseClass]);
  return fuseClass;
}
