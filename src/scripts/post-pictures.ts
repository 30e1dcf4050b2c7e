// A post read online is kept for offline reading with its pictures (docs/offline.md). The pictures in
// its text load lazily: one the reader never scrolled to was never fetched, so it would be missing
// offline. Once the page is idle, each is fetched once, as the page would fetch it, at low priority;
// the service worker keeps it (src/integrations/offline.mjs).
import { mayKeepPictures, picturesToKeep } from '@/lib/page/post-pictures';

/** The pictures in a post's text (src/components/react/PostArticle.tsx). */
const POST_PICTURES = '[data-post-content] img';

export function keepPostPictures(): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (!mayKeepPictures(Boolean(navigator.serviceWorker?.controller), connection?.saveData)) return;
  const images = document.querySelectorAll<HTMLImageElement>(POST_PICTURES);
  if (images.length === 0) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000));
  idle(() => {
    for (const { src, srcset, sizes } of picturesToKeep(images)) {
      // Not in the page: a loaded copy is not painted. The same sizes and srcset make the browser
      // choose the file the picture itself will show (the width it is laid out at, the screen's density).
      const copy = new Image();
      copy.fetchPriority = 'low';
      copy.sizes = sizes;
      copy.srcset = srcset;
      if (src) copy.src = src;
    }
  });
}
