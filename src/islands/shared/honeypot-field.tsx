// The honeypot input both public forms carry (src/lib/forms/honeypot.ts). People never meet it:
// moved off screen (not display:none, which some robots skip), hidden from assistive technology
// (aria-hidden) and out of the tab order, so keyboard and screen reader users cannot land in it.
import { HONEYPOT_FIELD } from '@/lib/forms/honeypot';

export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden" data-honeypot="">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's value as the form holds it ('' for a person). */
export function readHoneypot(form: HTMLFormElement): string {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}
