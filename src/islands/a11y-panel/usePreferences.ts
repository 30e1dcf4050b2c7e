// The accessibility panel's settings: read from this tab's storage when the panel opens, applied to
// <html> at once on every change and kept in sessionStorage, so they follow the visitor from page to
// page and are kept nowhere else (src/lib/page/a11y-preferences.ts).
import { useState } from 'react';
import {
  type A11yPreferences,
  DEFAULT_PREFERENCES,
  applyPreferences,
  loadPreferences,
  normalisePreferences,
  savePreferences,
} from '@/lib/page/a11y-preferences';

/** The tab's session storage, if the browser lets us have it (it can throw when blocked). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function usePreferences() {
  // The server renders the defaults; the stored values are read when the panel opens.
  const [prefs, setPrefs] = useState<A11yPreferences>(DEFAULT_PREFERENCES);
  /** What the panel's status line says after a change ('' for most). */
  const [status, setStatus] = useState('');

  const update = (changes: Partial<A11yPreferences>, message = '') => {
    const next = normalisePreferences({ ...prefs, ...changes });
    setPrefs(next);
    setStatus(message);
    applyPreferences(document.documentElement, next);
    savePreferences(tabStorage(), next);
  };

  /** Reads the stored settings again (another page may have changed them) and clears the status. */
  const reload = () => {
    setPrefs(loadPreferences(tabStorage()));
    setStatus('');
  };

  return { prefs, status, update, reload };
}
