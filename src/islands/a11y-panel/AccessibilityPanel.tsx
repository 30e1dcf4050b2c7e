import { useEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import {
  type A11yPreferences,
  type ContrastMode,
  DEFAULT_PREFERENCES,
  PREFERENCE_LIMITS,
  applyPreferences,
  loadPreferences,
  normalisePreferences,
  savePreferences,
} from '@/lib/page/a11y-preferences';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { CloseIcon } from '@/components/react/icons';

export const A11Y_PANEL_ID = 'a11y-panel';
const TITLE_ID = 'a11y-panel-title';

const CONTRAST_OPTIONS: readonly { value: ContrastMode; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High contrast' },
  { value: 'dark', label: 'Dark' },
];

/** The tab's session storage, if the browser lets us have it (it can throw when blocked). */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

interface RangeSettingProps {
  id: string;
  label: string;
  value: number;
  limits: { min: number; max: number; step: number };
  /** Shown next to the label ('120%'). */
  display: string;
  /** Read by screen readers as the slider's value ('120 percent'). */
  spoken: string;
  onChange: (value: number) => void;
  inputRef?: Ref<HTMLInputElement>;
}

function RangeSetting({ id, label, value, limits, display, spoken, onChange, inputRef }: RangeSettingProps) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <span aria-hidden="true" className="font-bold text-ink-muted tabular-nums">
          {display}
        </span>
      </div>
      <input
        ref={inputRef}
        id={id}
        type="range"
        min={limits.min}
        max={limits.max}
        step={limits.step}
        value={value}
        aria-valuetext={spoken}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(Number(event.target.value))}
        className="mt-1 h-8 w-full cursor-pointer accent-brand"
      />
    </div>
  );
}

interface SwitchSettingProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Id of a hint that says more about the setting. */
  describedBy?: string;
}

function SwitchSetting({ label, checked, onChange, describedBy }: SwitchSettingProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
      className="group flex min-h-11 w-full items-center justify-between gap-3 rounded-md text-left font-bold"
    >
      <span>{label}</span>
      <span
        aria-hidden="true"
        className="inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-ink bg-surface-strong p-0.5 group-aria-checked:bg-brand forced-colors:forced-color-adjust-none forced-colors:border-[CanvasText] forced-colors:bg-[Canvas] forced-colors:group-aria-checked:bg-[Highlight]"
      >
        {/* Forced colours would paint the knob in the track's colour: it keeps system colours instead. */}
        <span className="size-5 rounded-full bg-ink group-aria-checked:translate-x-5 group-aria-checked:bg-on-brand motion-safe:transition-transform forced-colors:bg-[CanvasText] forced-colors:group-aria-checked:bg-[HighlightText]" />
      </span>
    </button>
  );
}

/**
 * The floating accessibility panel on every page (SPEC 2): text size, contrast, letter spacing,
 * line height and reduced motion, plus an easy-to-read font (ours: the site uses the device's font). Settings apply to <html> at once and last for this tab only
 * (sessionStorage), so they follow the visitor from page to page and are kept nowhere else.
 * A non-modal dialog: the page stays usable so the visitor sees each change as it happens.
 */
export function AccessibilityPanel() {
  const [open, setOpen] = useState(false);
  // The server renders the defaults; the stored values are read when the panel opens.
  const [prefs, setPrefs] = useState<A11yPreferences>(DEFAULT_PREFERENCES);
  const [status, setStatus] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const asideRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const firstControlRef = useRef<HTMLInputElement>(null);

  const update = (changes: Partial<A11yPreferences>, message = '') => {
    const next = normalisePreferences({ ...prefs, ...changes });
    setPrefs(next);
    setStatus(message);
    applyPreferences(document.documentElement, next);
    savePreferences(tabStorage(), next);
  };

  const show = () => {
    setPrefs(loadPreferences(tabStorage()));
    setStatus('');
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    firstControlRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      if (!panelRef.current?.contains(active) && active !== toggleRef.current) return;
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    };
    // Open, the panel sits above the header; a click elsewhere on the page (the mobile menu's
    // button, say) puts it away without taking focus from what was clicked.
    const putAwayUnlessInside = (event: Event) => {
      if (event.target instanceof Node && !asideRef.current?.contains(event.target)) setOpen(false);
    };
    // Tabbing out of it puts it away too: open, it would cover what has focus (WCAG 2.4.11).
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', putAwayUnlessInside);
    document.addEventListener('focusin', putAwayUnlessInside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', putAwayUnlessInside);
      document.removeEventListener('focusin', putAwayUnlessInside);
    };
  }, [open]);

  return (
    // Hidden without JavaScript, where its button could do nothing.
    <aside
      ref={asideRef}
      aria-label="Accessibility"
      className={`fixed right-4 bottom-4 flex flex-col items-end print:hidden [html:not(.js)_&]:hidden ${open ? 'z-[55]' : 'z-40'}`}
    >
      <div
        ref={panelRef}
        id={A11Y_PANEL_ID}
        role="dialog"
        aria-labelledby={open ? TITLE_ID : undefined}
        hidden={!open}
        // On a short window (a phone on its side, a screen zoomed to 400 %) the space above the
        // button would show only a sliver of the panel: there it takes the window's full height,
        // beside the button, which stays in sight.
        className="@container mb-3 max-h-[calc(100dvh-7rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-xl border-2 border-line bg-page p-4 text-ink shadow-2xl motion-safe:transition-[opacity,translate] motion-safe:duration-200 starting:translate-y-2 starting:opacity-0 [@media(max-height:24rem)]:fixed [@media(max-height:24rem)]:inset-2 [@media(max-height:24rem)]:right-20 [@media(max-height:24rem)]:m-0 [@media(max-height:24rem)]:max-h-none [@media(max-height:24rem)]:w-auto"
      >
        {/* Its contents only while open: closed, they would be dead weight in every page's HTML. */}
        {open && (
          <>
            <div className="flex items-start justify-between gap-3">
              <h2 id={TITLE_ID} className="text-lg font-bold">
                Accessibility options
              </h2>
              <button
                type="button"
                aria-label="Close accessibility options"
                onClick={close}
                className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface-strong"
              >
                <CloseIcon />
              </button>
            </div>
            <p className="mt-1 text-sm text-ink-muted">These settings last until you close this tab.</p>

            <div className="mt-4 space-y-5">
              <RangeSetting
                id="a11y-text-size"
                label="Text size"
                value={prefs.textSize}
                limits={PREFERENCE_LIMITS.textSize}
                display={`${prefs.textSize}%`}
                spoken={`${prefs.textSize} percent`}
                onChange={(textSize) => update({ textSize })}
                inputRef={firstControlRef}
              />

              <fieldset>
                <legend className="font-bold">Contrast</legend>
                {/* Side by side while they fit; each wraps to its own line with large text or spacing. */}
                <div className="mt-1 flex flex-wrap gap-2">
                  {CONTRAST_OPTIONS.map((option) => (
                    <label
                      key={option.value}
                      className="flex min-h-11 flex-auto cursor-pointer items-center gap-2 rounded-md border-2 border-field-line px-2 py-1.5 has-[:checked]:border-brand has-[:checked]:bg-surface-strong has-[:checked]:font-bold"
                    >
                      <input
                        type="radio"
                        name="a11y-contrast"
                        value={option.value}
                        checked={prefs.contrast === option.value}
                        onChange={() => update({ contrast: option.value })}
                        className="size-4 shrink-0 accent-brand"
                      />
                      {option.label}
                    </label>
                  ))}
                </div>
              </fieldset>

              <RangeSetting
                id="a11y-letter-spacing"
                label="Letter spacing"
                value={prefs.letterSpacing}
                limits={PREFERENCE_LIMITS.letterSpacing}
                display={`${prefs.letterSpacing} px`}
                spoken={plural(prefs.letterSpacing, 'pixel')}
                onChange={(letterSpacing) => update({ letterSpacing })}
              />

              <RangeSetting
                id="a11y-line-height"
                label="Line height"
                value={prefs.lineHeight}
                limits={PREFERENCE_LIMITS.lineHeight}
                display={prefs.lineHeight.toFixed(1)}
                spoken={prefs.lineHeight.toFixed(1)}
                onChange={(lineHeight) => update({ lineHeight })}
              />

              <SwitchSetting
                label="Reduce motion"
                checked={prefs.reduceMotion}
                onChange={(reduceMotion) => update({ reduceMotion })}
              />

              <div>
                <SwitchSetting
                  label="Easy-to-read font"
                  checked={prefs.readableFont}
                  onChange={(readableFont) => update({ readableFont })}
                  describedBy="a11y-readable-font-hint"
                />
                <p id="a11y-readable-font-hint" className="text-sm text-ink-muted">
                  Atkinson Hyperlegible, a typeface made for readers with low vision.
                </p>
              </div>

              <button
                type="button"
                onClick={() => update(DEFAULT_PREFERENCES, 'Settings reset to defaults')}
                className="min-h-11 w-full rounded-md border-2 border-brand px-4 py-2 font-bold text-brand hover:bg-surface-strong"
              >
                Reset to defaults
              </button>
            </div>
            <p role="status" className="mt-2 text-sm text-ink-muted">
              {status}
            </p>
          </>
        )}
      </div>

      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={A11Y_PANEL_ID}
        onClick={() => (open ? close() : show())}
        className="inline-flex size-14 items-center justify-center rounded-full border-2 border-on-brand bg-brand text-on-brand shadow-lg hover:bg-brand-strong"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8" fill="currentColor">
          <circle cx="12" cy="4" r="2" />
          <path d="M4 7.5a1 1 0 0 1 1.2-1l5 1h3.6l5-1a1 1 0 1 1 .4 2L15 9.4V13l2 7.2a1 1 0 1 1-1.9.6L13.3 15h-2.6l-1.8 5.8a1 1 0 1 1-1.9-.6L9 13V9.4L4.8 8.5a1 1 0 0 1-.8-1z" />
        </svg>
        <span className="visually-hidden">Accessibility options</span>
      </button>
    </aside>
  );
}

export default withErrorBoundary(AccessibilityPanel);
