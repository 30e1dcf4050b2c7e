import { type RefObject, useEffect } from 'react';
import { signalHydrated } from '@/lib/page/hydration-signal';

/**
 * Every island that client:interact hydrates calls this with a ref to an element it always renders:
 * once React has committed (its handlers are attached), the island's <astro-island> is marked, and
 * a press the directive held before then is replayed (src/lib/page/hydration-signal.ts says why).
 * tests/unit/hydration-signal.test.ts checks that each such island calls it.
 */
export function useHydrationSignal(ref: RefObject<Element | null>): void {
  useEffect(() => signalHydrated(ref.current), [ref]);
}
