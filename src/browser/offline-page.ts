// The offline page lists the pages this browser keeps (src/integrations/offline.mjs), with their titles,
// so a visitor without a connection can go straight to something they can read. The service worker
// installs this script with the offline page (src/integrations/offline.mjs).
// The cache names come from the page's data attributes (src/pages/offline.astro writes them from
// src/lib/site/offline.ts) rather than an import: the layout's script imports that module on every page,
// and sharing it would split it into a chunk of its own, one more request before any page script runs.

const SITE_SUFFIX = / \| [^|]+$/; // '<page> | <practice>' (src/lib/content/seo.ts): the page part is enough

/** Title of a kept page, from its HTML; the address when the copy has none. */
function titleOf(html: string, path: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const title = doc.title.trim().replace(SITE_SUFFIX, '');
  return title || path;
}

export async function listKeptPages(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-offline-kept]');
  if (!section) return;
  const list = section.querySelector('[data-offline-list]');
  const { pagesCache, neverKept, offlinePath } = section.dataset;
  if (!list || !pagesCache || !neverKept || !offlinePath || !('caches' in window)) return;
  const neverCached = new RegExp(neverKept);
  try {
    const cache = await caches.open(pagesCache);
    const pages: { path: string; title: string }[] = [];
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.origin !== location.origin || neverCached.test(url.pathname)) continue;
      if (url.pathname === offlinePath || url.pathname === location.pathname) continue;
      const response = await cache.match(request);
      if (!response?.ok) continue; // a kept "not found" page is nothing to offer
      pages.push({ path: url.pathname + url.search, title: titleOf(await response.text(), url.pathname) });
    }
    if (pages.length === 0) return;
    pages.sort((a, b) => a.title.localeCompare(b.title));
    for (const page of pages) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = page.path;
      link.textContent = page.title; // text, never HTML
      link.className =
        'flex min-h-11 items-center rounded-xl border border-line bg-page px-4 py-3 font-bold text-brand underline-offset-4 hover:underline';
      item.append(link);
      list.append(item);
    }
    section.hidden = false;
  } catch {
    // Storage unavailable (private mode, quota): the page still says what to do.
  }
}
