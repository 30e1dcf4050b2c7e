// Display preferences of the accessibility panel (SPEC 2). They last for the browser tab's
// session only (sessionStorage) and are applied to <html> as attributes and CSS variables, both by
// the panel and, before first paint, by the inline head script built from preferencesHeadScript().

export type ContrastMode = 'normal' | 'high' | 'dark';

export interface A11yPreferences {
  textSize: number; // percent
  contrast: ContrastMode;
  letterSpacing: number; // px
  lineHeight: number;
  reduceMotion: boolean;
  /** Atkinson Hyperlegible instead of the device's own font: our addition (docs/decisions/0002-*.md). */
  readableFont: boolean;
}

export const PREFERENCE_LIMITS = {
  textSize: { min: 80, max: 150, step: 5 },
  letterSpacing: { min: 0, max: 5, step: 0.5 },
  lineHeight: { min: 1, max: 2, step: 0.1 },
} as const;

export const CONTRAST_MODES: readonly ContrastMode[] = ['normal', 'high', 'dark'];

export const DEFAULT_PREFERENCES: Readonly<A11yPreferences> = {
  textSize: 100,
  contrast: 'normal',
  letterSpacing: 0,
  lineHeight: 1.5,
  reduceMotion: false,
  readableFont: false,
};

export const PREFERENCES_STORAGE_KEY = 'a11y-preferences';

function clampToStep(
  value: unknown,
  limits: { min: number; max: number; step: number },
  fallback: number,
): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return fallback;
  const clamped = Math.min(limits.max, Math.max(limits.min, n));
  const stepped = limits.min + Math.round((clamped - limits.min) / limits.step) * limits.step;
  return Math.round(stepped * 100) / 100;
}

/** Accepts anything (stored JSON may be stale or tampered with) and returns valid preferences. */
export function normalisePreferences(input: unknown): A11yPreferences {
  const value = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  return {
    textSize: clampToStep(value.textSize, PREFERENCE_LIMITS.textSize, DEFAULT_PREFERENCES.textSize),
    contrast: CONTRAST_MODES.includes(value.contrast as ContrastMode)
      ? (value.contrast as ContrastMode)
      : DEFAULT_PREFERENCES.contrast,
    letterSpacing: clampToStep(
      value.letterSpacing,
      PREFERENCE_LIMITS.letterSpacing,
      DEFAULT_PREFERENCES.letterSpacing,
    ),
    lineHeight: clampToStep(value.lineHeight, PREFERENCE_LIMITS.lineHeight, DEFAULT_PREFERENCES.lineHeight),
    reduceMotion: value.reduceMotion === true,
    readableFont: value.readableFont === true,
  };
}

/** Sets the attributes and variables that the stylesheet reads (src/styles/global.css). */
export function applyPreferences(root: HTMLElement, prefs: A11yPreferences): void {
  root.dataset.contrast = prefs.contrast;
  root.toggleAttribute('data-reduce-motion', prefs.reduceMotion);
  root.toggleAttribute('data-readable-font', prefs.readableFont);
  root.style.setProperty('--a11y-text-scale', String(prefs.textSize / 100));
  root.style.setProperty('--a11y-letter-spacing', `${prefs.letterSpacing}px`);
  root.style.setProperty('--a11y-line-height', String(prefs.lineHeight));
  // Once changed from the default, spacing and line height apply to all text (global.css).
  root.toggleAttribute('data-letter-spacing', prefs.letterSpacing !== DEFAULT_PREFERENCES.letterSpacing);
  root.toggleAttribute('data-line-height', prefs.lineHeight !== DEFAULT_PREFERENCES.lineHeight);
}

export function loadPreferences(storage: Pick<Storage, 'getItem'> | undefined): A11yPreferences {
  try {
    const raw = storage?.getItem(PREFERENCES_STORAGE_KEY);
    return normalisePreferences(raw ? JSON.parse(raw) : {});
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function savePreferences(storage: Pick<Storage, 'setItem'> | undefined, prefs: A11yPreferences): void {
  try {
    storage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // Storage can be full or blocked; the preferences still apply to this page.
  }
}

/**
 * The inline script for <head>: applies stored preferences before first paint (no flash), marks
 * that JavaScript runs (reveal animations are only armed then), and hides images that fail to load
 * (SPEC 2), box and all: keeping the box left a blank hole as tall as the picture (477 px above a
 * post's text). Built from the functions above so the rules live in one place.
 */
export function preferencesHeadScript(): string {
  return `(function(){var d=document.documentElement;d.classList.add('js');
var normalise=${normalisePreferences.toString()};
var clampToStep=${clampToStep.toString()};
var CONTRAST_MODES=${JSON.stringify(CONTRAST_MODES)},PREFERENCE_LIMITS=${JSON.stringify(PREFERENCE_LIMITS)},DEFAULT_PREFERENCES=${JSON.stringify(DEFAULT_PREFERENCES)};
var apply=${applyPreferences.toString()};
try{var raw=sessionStorage.getItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)});apply(d,normalise(raw?JSON.parse(raw):{}));}catch(e){}
document.addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG'){t.hidden=true;}},true);
})();`;
}
