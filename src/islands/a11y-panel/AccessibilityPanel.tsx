import { useRef, useState } from 'react';
import { type ContrastMode, DEFAULT_PREFERENCES, PREFERENCE_LIMITS } from '@/lib/page/a11y-preferences';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { useHydrationSignal } from '@/islands/shared/use-hydration-signal';
import { CloseIcon } from '@/components/react/icons';
import { RangeSetting, SwitchSetting } from './settings';
import { usePanelDismiss } from './usePanelDismiss';
import { usePreferences } from './usePreferences';
import { countText } from '@/lib/text/plural';

export const A11Y_PANEL_ID = 'a11y-panel';
const TITLE_ID = 'a11y-panel-title';

const CONTRAST_OPTIONS: readonly { value: ContrastMode; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High contrast' },
  { value: 'dark', label: 'Dark' },
];

/**
 * The floating accessibility panel on every page (SPEC 2): text size, contrast, letter spacing,
 * line height and reduced motion, plus an easy-to-read font (ours: the site uses the device's font). Settings apply to <html> at once and last for this tab only
 * (sessionStorage), so they follow the visitor from page to page and are kept nowhere else.
 * A non-modal dialog: the page stays usable so the visitor sees each change as it happens.
 */
export function AccessibilityPanel() {
  const [open, setOpen] = useState(false);
  const { prefs, status, update, reload } = usePreferences();
  const toggleRef = useRef<HTMLButtonElement>(null);
  useHydrationSignal(toggleRef);
  const asideRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const firstControlRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  usePanelDismiss(open, () => setOpen(false), {
    container: asideRef,
    panel: panelRef,
    toggle: toggleRef,
    firstControl: firstControlRef,
    title: titleRef,
  });

  const show = () => {
    reload();
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

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
        className="@container mb-3 max-h-[calc(100dvh-6rem)] w-[min(22rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-xl border-2 border-line bg-page p-3 text-ink sm:p-4 shadow-2xl motion-safe:transition-[opacity,translate] motion-safe:duration-200 starting:translate-y-2 starting:opacity-0 [@media(max-height:24rem)]:fixed [@media(max-height:24rem)]:inset-2 [@media(max-height:24rem)]:right-20 [@media(max-height:24rem)]:m-0 [@media(max-height:24rem)]:max-h-none [@media(max-height:24rem)]:w-auto"
      >
        {/* Its contents only while open: closed, they would be dead weight in every page's HTML. */}
        {open && (
          <>
            {/* Too narrow for both (large text on a phone), the close button goes above the title. */}
            <div className="flex flex-wrap-reverse items-start justify-between gap-x-3">
              <h2 ref={titleRef} id={TITLE_ID} tabIndex={-1} className="text-lg font-bold">
                Accessibility options
              </h2>
              <button
                type="button"
                aria-label="Close accessibility options"
                onClick={close}
                className="-mt-1 -mr-1 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface-strong"
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
                spoken={countText(prefs.letterSpacing, 'pixel')}
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
