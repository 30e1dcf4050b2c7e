// The post list's message: what an action did or why it failed, in the list's live regions. After
// an action the admin took (a dialog, the file picker) focus moves to it, so the answer is read out
// where the admin is; a message shown as the page opens (the flash) leaves focus where it is.
import { useCallback, useEffect, useRef, useState } from 'react';

export type ListMessage = { tone: 'status' | 'error'; text: string; details?: string[] };

export function useListMessage() {
  const [message, setMessage] = useState<ListMessage | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);

  useEffect(() => {
    if (!focusNext.current || !message) return;
    focusNext.current = false;
    messageRef.current?.focus();
  }, [message]);

  /** Shows the message and moves focus to it. */
  const say = useCallback((next: ListMessage) => {
    focusNext.current = true;
    setMessage(next);
  }, []);

  return { message, messageRef, say, show: setMessage };
}
