// Class names shared by the admin islands: large targets (44 px), token colours only, so the
// high-contrast and dark modes apply and focus rings stay visible.

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-semibold ' +
  'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

export const primaryButton = `${base} bg-brand text-on-brand hover:bg-brand-strong`;
export const secondaryButton = `${base} border-2 border-brand bg-page text-brand hover:bg-surface-strong`;
export const dangerSolidButton = `${base} border-2 border-danger bg-danger text-page hover:opacity-90`;
/** Small actions inside a table row. */
export const rowAction =
  'inline-flex min-h-11 items-center rounded-md px-3 py-2 text-base font-semibold underline-offset-4 hover:underline';
export const linkClass = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';
