// Which navigation item marks the page being shown (shared by the header and the mobile menu).

/** '/training/' and '/training/index.html' are the same page as '/training'. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * aria-current for a navigation link: 'page' on the page it points to. Links to sections of the
 * home page ('/#team') are never current: they are places on a page, not the page.
 */
export function ariaCurrentFor(href: string, currentPath: string): 'page' | undefined {
  if (href.includes('#')) return undefined;
  return normalisePath(href) === normalisePath(currentPath) ? 'page' : undefined;
}
