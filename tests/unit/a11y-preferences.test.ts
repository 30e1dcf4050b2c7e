// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  PREFERENCES_STORAGE_KEY,
  PREFERENCE_LIMITS,
  applyPreferences,
  loadPreferences,
  normalisePreferences,
  preferencesHeadScript,
  savePreferences,
} from '@/lib/page/a11y-preferences';

const root = document.documentElement;

function resetRoot() {
  root.removeAttribute('data-contrast');
  root.removeAttribute('data-reduce-motion');
  root.removeAttribute('style');
  root.className = '';
}

describe('normalisePreferences', () => {
  it('returns the defaults for anything that is not an object', () => {
    for (const input of [undefined, null, 42, 'x', []])
      expect(normalisePreferences(input)).toEqual(DEFAULT_PREFERENCES);
  });

  it('has the defaults and limits of the spec', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      textSize: 100,
      contrast: 'normal',
      letterSpacing: 0,
      lineHeight: 1.5,
      reduceMotion: false,
      readableFont: false,
    });
    expect(PREFERENCE_LIMITS.textSize).toMatchObject({ min: 80, max: 150 });
    expect(PREFERENCE_LIMITS.letterSpacing).toEqual({ min: 0, max: 5, step: 0.5 });
    expect(PREFERENCE_LIMITS.lineHeight).toEqual({ min: 1, max: 2, step: 0.1 });
  });

  it('clamps to the ranges and snaps to the steps', () => {
    expect(normalisePreferences({ textSize: 500, letterSpacing: -3, lineHeight: 9 })).toMatchObject({
      textSize: 150,
      letterSpacing: 0,
      lineHeight: 2,
    });
    expect(normalisePreferences({ textSize: 10, letterSpacing: 1.3, lineHeight: 1.26 })).toMatchObject({
      textSize: 80,
      letterSpacing: 1.5,
      lineHeight: 1.3,
    });
    // A float from a range input (1.2000000000000002) comes out clean.
    expect(normalisePreferences({ lineHeight: 0.1 * 12 }).lineHeight).toBe(1.2);
    expect(normalisePreferences({ textSize: '120' }).textSize).toBe(120);
  });

  it('rejects unknown contrast modes, non-boolean switches and non-numbers', () => {
    expect(
      normalisePreferences({
        contrast: 'neon',
        reduceMotion: 'yes',
        readableFont: 1,
        textSize: 'big',
        lineHeight: NaN,
      }),
    ).toEqual(DEFAULT_PREFERENCES);
    expect(normalisePreferences({ contrast: 'dark', reduceMotion: true, readableFont: true })).toMatchObject({
      contrast: 'dark',
      reduceMotion: true,
      readableFont: true,
    });
  });
});

describe('storage and application', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetRoot();
  });

  it('saves to and loads from the given storage', () => {
    const prefs = {
      textSize: 120,
      contrast: 'high',
      letterSpacing: 2,
      lineHeight: 1.8,
      reduceMotion: true,
      readableFont: true,
    } as const;
    savePreferences(sessionStorage, prefs);
    expect(JSON.parse(sessionStorage.getItem(PREFERENCES_STORAGE_KEY)!)).toEqual(prefs);
    expect(loadPreferences(sessionStorage)).toEqual(prefs);
  });

  it('loads the defaults from empty, missing, corrupt or throwing storage', () => {
    expect(loadPreferences(sessionStorage)).toEqual(DEFAULT_PREFERENCES);
    expect(loadPreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
    sessionStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(loadPreferences(sessionStorage)).toEqual(DEFAULT_PREFERENCES);
    const throwing = {
      getItem(): string {
        throw new Error('blocked');
      },
    };
    expect(loadPreferences(throwing)).toEqual(DEFAULT_PREFERENCES);
  });

  it('does not throw when saving is impossible', () => {
    const full = {
      setItem(): void {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => savePreferences(full, DEFAULT_PREFERENCES)).not.toThrow();
    expect(() => savePreferences(undefined, DEFAULT_PREFERENCES)).not.toThrow();
  });

  it('sets the attributes and variables the stylesheet reads', () => {
    applyPreferences(root, {
      textSize: 125,
      contrast: 'dark',
      letterSpacing: 1.5,
      lineHeight: 1.9,
      reduceMotion: true,
      readableFont: true,
    });
    expect(root.dataset.contrast).toBe('dark');
    expect(root.hasAttribute('data-reduce-motion')).toBe(true);
    expect(root.hasAttribute('data-readable-font')).toBe(true);
    expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('1.25');
    expect(root.style.getPropertyValue('--a11y-letter-spacing')).toBe('1.5px');
    expect(root.style.getPropertyValue('--a11y-line-height')).toBe('1.9');
    // Changed from the default, spacing and line height are marked so they reach all text.
    expect(root.hasAttribute('data-letter-spacing')).toBe(true);
    expect(root.hasAttribute('data-line-height')).toBe(true);
    applyPreferences(root, DEFAULT_PREFERENCES);
    expect(root.hasAttribute('data-letter-spacing')).toBe(false);
    expect(root.hasAttribute('data-line-height')).toBe(false);
    expect(root.hasAttribute('data-reduce-motion')).toBe(false);
    expect(root.hasAttribute('data-readable-font')).toBe(false);
  });
});

describe('preferencesHeadScript', () => {
  const runHeadScript = () => new Function(preferencesHeadScript())();

  beforeEach(() => {
    sessionStorage.clear();
    resetRoot();
  });

  it('applies the stored preferences before first paint and marks that JavaScript runs', () => {
    sessionStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({
        textSize: 140,
        contrast: 'high',
        letterSpacing: 3,
        lineHeight: 2,
        reduceMotion: true,
        readableFont: true,
      }),
    );
    runHeadScript();
    expect(root.classList.contains('js')).toBe(true);
    expect(root.dataset.contrast).toBe('high');
    expect(root.hasAttribute('data-reduce-motion')).toBe(true);
    expect(root.hasAttribute('data-readable-font')).toBe(true);
    expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('1.4');
    expect(root.style.getPropertyValue('--a11y-letter-spacing')).toBe('3px');
    expect(root.style.getPropertyValue('--a11y-line-height')).toBe('2');
  });

  it('applies the defaults when nothing is stored', () => {
    runHeadScript();
    expect(root.dataset.contrast).toBe('normal');
    expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('1');
  });

  it('survives garbage in storage', () => {
    for (const garbage of [
      '{not json',
      'null',
      '"text"',
      '[1,2]',
      JSON.stringify({ textSize: 'huge', contrast: 7 }),
    ]) {
      resetRoot();
      sessionStorage.setItem(PREFERENCES_STORAGE_KEY, garbage);
      expect(runHeadScript).not.toThrow();
      expect(root.classList.contains('js')).toBe(true);
      expect(['normal', undefined]).toContain(root.dataset.contrast);
      expect(root.hasAttribute('data-reduce-motion')).toBe(false);
    }
  });

  it('clamps tampered values as the panel would', () => {
    sessionStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ textSize: 900, letterSpacing: -4 }));
    runHeadScript();
    expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('1.5');
    expect(root.style.getPropertyValue('--a11y-letter-spacing')).toBe('0px');
  });

  it('hides an image that fails to load, leaving no hole', () => {
    runHeadScript();
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(image.hidden).toBe(true);
    image.remove();
  });
});
