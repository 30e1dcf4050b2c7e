// Decap CMS keeps its git host sign-in (a token that can write to the repository) in localStorage,
// where it would outlive the tab and the admin's session (issue 27). On this origin the CMS page
// moves it into the tab's sessionStorage whenever the page goes away, and back before Decap starts:
// a reload keeps the sign-in, closing the tab forgets it. The admin's sign-out and the end of its
// session forget it too (src/lib/publish/github-token.ts).
import { CMS_USER_KEYS } from './origin';

/** Where a sign-in waits in the tab's own storage while the page is away. */
export const TAB_ONLY_PREFIX = 'tab-only:';

/** Puts back the sign-in this tab set aside, unless another tab has signed in since. */
export function restoreCmsSignIn(tab: Storage, shared: Storage): void {
  for (const key of CMS_USER_KEYS) {
    const kept = tab.getItem(TAB_ONLY_PREFIX + key);
    if (kept !== null && shared.getItem(key) === null) shared.setItem(key, kept);
    tab.removeItem(TAB_ONLY_PREFIX + key);
  }
}

/** Moves the sign-in out of the browser-wide storage into this tab's. */
export function setAsideCmsSignIn(tab: Storage, shared: Storage): void {
  for (const key of CMS_USER_KEYS) {
    const value = shared.getItem(key);
    if (value === null) continue;
    tab.setItem(TAB_ONLY_PREFIX + key, value);
    shared.removeItem(key);
  }
}

/** Call before Decap starts: restores this tab's sign-in now, and sets it aside whenever the page goes. */
export function keepCmsSignInForTheTab(page: Window = window): void {
  const storages = (): [Storage, Storage] | undefined => {
    try {
      return [page.sessionStorage, page.localStorage];
    } catch {
      return undefined; // storage refused: Decap cannot keep a sign-in either
    }
  };
  const both = storages();
  if (!both) return;
  restoreCmsSignIn(...both);
  page.addEventListener('pagehide', () => setAsideCmsSignIn(...both));
  // Back from the back-forward cache: the page (and Decap in it) lives on, so its sign-in does too.
  page.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) restoreCmsSignIn(...both);
  });
}
