// Hydrated only in a browser that keeps the admin's posts (client:browser-posts): shows a stored
// post in BrowserPost.astro's host element, and the page's other content (the host's siblings)
// gives way to it. See BrowserPost.astro for the two modes.
import { useEffect, useRef } from 'react';
import { showBrowserPost, showBrowserTagPage, showSiteCopyNotice } from './browser-post';

export interface BrowserPostLoaderProps {
  mode: 'prebuilt' | 'missing';
  /** The post's slug (mode 'prebuilt'); for 'missing' it is read from the address. */
  slug: string;
}

/** Set on the host once the store was looked at and the page shows what it should. */
export const CHECKED_ATTRIBUTE = 'data-checked';

const MISSING_POST_PATH = /^\/blog\/(?!page\/|tags\/)([^/]+)\/?$/;
const MISSING_TAG_PATH = /^\/blog\/tags\/([^/]+)\/?$/;

function decodedPart(pattern: RegExp, pathname: string): string | undefined {
  const encoded = pattern.exec(pathname)?.[1];
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined; // a malformed %-escape (/blog/%E0%A4): no post or tag can have that slug
  }
}

/** The slug a 404 address asks for, or undefined when it is not a post address or not decodable. */
export const slugFromMissingPath = (pathname: string) => decodedPart(MISSING_POST_PATH, pathname);

/** The tag slug of a 404 address /blog/tags/{slug}, or undefined. */
export const tagFromMissingPath = (pathname: string) => decodedPart(MISSING_TAG_PATH, pathname);

export default function BrowserPostLoader({ mode, slug: builtSlug }: BrowserPostLoaderProps) {
  const markerRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const host = document.querySelector<HTMLElement>('[data-browser-post]');
    const island = markerRef.current?.closest('astro-island');
    const slug = mode === 'missing' ? slugFromMissingPath(location.pathname) : builtSlug;
    const tag = mode === 'missing' ? tagFromMissingPath(location.pathname) : undefined;
    if (!host || !(slug || tag)) return;
    const siblings = [...(host.parentElement?.children ?? [])].filter(
      (element): element is HTMLElement =>
        element !== host && element !== island && element instanceof HTMLElement,
    );
    const setSiblingsHidden = (hidden: boolean) => siblings.forEach((element) => (element.hidden = hidden));
    const giveBack = () => {
      host.hidden = true;
      host.replaceChildren();
      setSiblingsHidden(false);
    };
    if (mode === 'missing') {
      const loading = document.createElement('p');
      loading.setAttribute('role', 'status');
      loading.className = 'mx-auto max-w-3xl px-4 pt-32 pb-20 text-lg text-ink sm:px-6';
      loading.textContent = 'Loading...';
      host.replaceChildren(loading);
      host.hidden = false;
      setSiblingsHidden(true);
    }
    (tag ? showBrowserTagPage(host, tag) : showBrowserPost(host, slug ?? '', mode === 'missing'))
      .then(async (shown) => {
        if (shown) siblings.forEach((element) => element.remove());
        else giveBack();
        // The built post stays: tell the admin when the store no longer publishes it as built.
        if (!shown && mode === 'prebuilt') await showSiteCopyNotice(builtSlug);
      })
      .catch((error: unknown) => {
        console.error('[blog] Could not show the stored post:', error);
        giveBack();
      })
      // The host says the loader has looked (the end-to-end tests wait for it, not for a time).
      .finally(() => host.setAttribute(CHECKED_ATTRIBUTE, ''));
  }, [mode, builtSlug]);

  return <span ref={markerRef} hidden />;
}
