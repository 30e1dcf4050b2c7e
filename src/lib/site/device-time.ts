// A moment of the visitor's or the admin's own doing, in the device's time zone: no settings needed.

/**
 * 'Nov 23, 2026, 2:05 p.m.': a moment of the admin's own work (when unsaved changes were kept), or
 * when the visitor saved a registration, in the device's time zone, unlike post dates: it answers
 * "when did I do this?".
 */
export function formatDeviceDateTime(date: Date): string {
  return date.toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
}
