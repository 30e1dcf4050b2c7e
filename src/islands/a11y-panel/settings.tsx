// The accessibility panel's two kinds of control: a slider that says its value in words, and an
// on/off switch (role="switch") whose track keeps system colours in forced-colours mode.
import type { ChangeEvent, Ref } from 'react';

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

export function RangeSetting({
  id,
  label,
  value,
  limits,
  display,
  spoken,
  onChange,
  inputRef,
}: RangeSettingProps) {
  return (
    <div>
      {/* Too narrow for both, the value goes under its label rather than breaking either word. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <span aria-hidden="true" className="ml-auto font-bold whitespace-nowrap text-ink-muted tabular-nums">
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

export function SwitchSetting({ label, checked, onChange, describedBy }: SwitchSettingProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
      className="group flex min-h-11 w-full flex-wrap items-center justify-between gap-3 rounded-md text-left font-bold"
    >
      {/* Beside the track while its longest word fits there (it wraps at its spaces), else the track
          goes under it: a narrow panel (a screen zoomed to 400 %) cut 'Reduce' and 'motion' in two. */}
      <span className="flex-1 basis-[min-content] break-words">{label}</span>
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
