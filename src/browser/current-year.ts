// The copyright line shows the visitor's current year; the build wrote its own year as a fallback.
export function showCurrentYear(root: ParentNode = document, now: Date = new Date()): void {
  const year = String(now.getFullYear());
  for (const element of root.querySelectorAll('[data-current-year]')) {
    if (element.textContent !== year) element.textContent = year;
  }
}
