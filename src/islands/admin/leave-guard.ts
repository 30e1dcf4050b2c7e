// Asks before leaving a page with unsaved changes (the browser's own "Leave site?" question on
// closing the tab, reloading or following any link), except when the page itself navigates after
// keeping the work safe (a save, or a sign-in that will restore the unsaved copy).
import { useEffect, useRef } from 'react';

let leavingOnPurpose = false;

/** The next navigation is intended: do not ask. */
export function allowLeaving(): void {
  leavingOnPurpose = true;
}

/** Navigates without the leave question (the caller has already kept the work safe). */
export function leaveTo(href: string, { replace = false } = {}): void {
  allowLeaving();
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * While `active`, leaving the page by any way but `leaveTo` asks first. `keepWork` runs at that
 * moment, so what was typed just before a reload or a closed tab is kept even if the admin leaves.
 */
export function useLeaveGuard(active: boolean, keepWork?: () => void): void {
  const keep = useRef(keepWork);
  useEffect(() => {
    keep.current = keepWork;
  });
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      keep.current?.();
      event.preventDefault();
      // Older browsers need returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
