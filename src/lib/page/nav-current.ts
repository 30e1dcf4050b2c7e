// Which navigation item marks the page being shown (shared by the header and the mobile menu).

/** '/training/' and '/training/index.html' are the same page as '/training'. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * aria-current for a navigation link: 'page' on the page it points to, 'true' on the pages below it
 * (Blog on a post or a tag's page), so visitors always see which part of the site they are in.
 * Links to sections of the home page ('/#team') are never current: they are places on a page.
 */
export function ariaCurrentFor(href: string, currentPath: string): 'page' | 'true' | undefined {
  if (href.includes('#')) return undefined;
  const target = normalisePath(href);
  const current = normalisePath(currentPath);
  if (target === current) return 'page';
  return target !== '/' && current.startsWith(`${target}/`) ? 'true' : undefined;
}
