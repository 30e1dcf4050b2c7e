// Decap's git sign-in lasts no longer than the CMS's tab (issue 27): set aside in the tab's own
// storage when the page goes, put back when it loads again, gone with the tab.
import { describe, expect, it } from 'vitest';
import {
  TAB_ONLY_PREFIX,
  keepCmsSignInForTheTab,
  restoreCmsSignIn,
  setAsideCmsSignIn,
} from '@/lib/cms/sign-in-lifetime';
import { MemoryStorage } from '../helpers';

const signIn = JSON.stringify({ backendName: 'github', token: 'gho_secret', login: 'practice' });

/** A tab: its own sessionStorage, the browser's shared localStorage, and page events. */
function tab(shared: Storage) {
  const events = new EventTarget();
  const page = Object.assign(events, { sessionStorage: new MemoryStorage(), localStorage: shared });
  const fire = (type: string, persisted = false) =>
    events.dispatchEvent(Object.assign(new Event(type), { persisted }));
  return { page: page as unknown as Window, session: page.sessionStorage, fire };
}

describe("Decap CMS's sign-in on this origin", () => {
  it('survives a reload of its tab', () => {
    const shared = new MemoryStorage();
    const cms = tab(shared);
    keepCmsSignInForTheTab(cms.page);
    shared.setItem('decap-cms-user', signIn); // Decap signs in

    cms.fire('pagehide');
    expect(shared.getItem('decap-cms-user')).toBeNull();
    expect(cms.session.getItem(`${TAB_ONLY_PREFIX}decap-cms-user`)).toBe(signIn);

    keepCmsSignInForTheTab(cms.page); // the reloaded page, same tab
    expect(shared.getItem('decap-cms-user')).toBe(signIn);
    expect(cms.session.getItem(`${TAB_ONLY_PREFIX}decap-cms-user`)).toBeNull();
  });

  it('is gone from the browser once its tab is closed', () => {
    const shared = new MemoryStorage();
    const cms = tab(shared);
    keepCmsSignInForTheTab(cms.page);
    shared.setItem('decap-cms-user', signIn);
    cms.fire('pagehide'); // closing the tab: its sessionStorage goes with it

    const later = tab(shared);
    keepCmsSignInForTheTab(later.page);
    expect(shared.getItem('decap-cms-user')).toBeNull();
    expect(shared.length).toBe(0);
  });

  it('comes back with a page restored from the back-forward cache', () => {
    const shared = new MemoryStorage();
    const cms = tab(shared);
    keepCmsSignInForTheTab(cms.page);
    shared.setItem('netlify-cms-user', signIn);
    cms.fire('pagehide');
    cms.fire('pageshow', true);
    expect(shared.getItem('netlify-cms-user')).toBe(signIn);
  });

  it('never overwrites a sign-in another tab made meanwhile', () => {
    const shared = new MemoryStorage();
    const session = new MemoryStorage();
    session.setItem(`${TAB_ONLY_PREFIX}decap-cms-user`, 'older');
    shared.setItem('decap-cms-user', signIn);
    restoreCmsSignIn(session, shared);
    expect(shared.getItem('decap-cms-user')).toBe(signIn);
    expect(session.length).toBe(0);
  });

  it('leaves other keys alone', () => {
    const shared = new MemoryStorage();
    const session = new MemoryStorage();
    shared.setItem('auth_token', 'jwt');
    setAsideCmsSignIn(session, shared);
    expect(shared.getItem('auth_token')).toBe('jwt');
    expect(session.length).toBe(0);
  });
});
