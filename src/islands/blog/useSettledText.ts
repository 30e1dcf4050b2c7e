// The blog search's announcement, held back while the visitor types (issue 31): its polite status
// region then says the number of results once typing pauses, not after every key, which would queue
// a count per letter for a screen-reader user.
import { useEffect, useState } from 'react';

/** How long the text must stay the same before it is said. */
export const SETTLE_MS = 600;

/** `text` once it has stayed the same for `delay` ms (at first, the text as given). */
export function useSettledText(text: string, delay = SETTLE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (text === settled) return undefined;
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, settled, delay]);
  return settled;
}
