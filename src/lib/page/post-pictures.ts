// A post read online is kept for offline reading with its pictures (docs/offline.md). The pictures in
// its text load lazily: one the reader never scrolled to was never fetched, so it would be missing
// offline. Once the page is idle, each is fetched once, as the page would fetch it, at low priority;
// the service worker keeps it (src/integrations/offline.mjs). The rules are plain functions for the
// tests; the post page runs them as a small inline script (postPicturesScript), so the other pages'
// script stays as it was (the JavaScript budget of /training has no room; decision 0007).

/** What chooses the file a picture shows: the img's own attributes, as the page has them. */
export interface PictureSource {
  readonly src: string;
  readonly srcset: string;
  readonly sizes: string;
}

/**
 * Whether to fetch a post's pictures ahead: only through a service worker that keeps them (without
 * one they would only fill the browser's own cache), and never when the visitor asked to save data
 * (then what they scrolled to is kept, as it was fetched).
 */
export function mayKeepPictures(controlled: boolean, saveData: boolean | undefined): boolean {
  return controlled && saveData !== true;
}

/**
 * The pictures to fetch, each once: those with an address, as written on the page. Which of a
 * picture's files is left to the browser, given the same srcset and sizes: it picks by `sizes` (not
 * always the width the picture is laid out at), by the screen's density, and by a rule the HTML
 * standard leaves to each engine (one may take a larger file it already holds). A copy of that choice
 * here could keep a file the page then does not show, and offline the picture would be missing.
 */
export function picturesToKeep(images: Iterable<PictureSource>): PictureSource[] {
  const seen = new Set<string>();
  const pictures: PictureSource[] = [];
  for (const { src, srcset, sizes } of images) {
    const key = `${src} ${srcset} ${sizes}`;
    if ((src === '' && srcset === '') || seen.has(key)) continue;
    seen.add(key);
    pictures.push({ src, srcset, sizes });
  }
  return pictures;
}

/** What the inline script is given: the rules above, passed in so that it carries its own copy. */
type Rules = { may: typeof mayKeepPictures; pick: typeof picturesToKeep };

/**
 * Fetches the pictures of the post's text ('[data-post-content] img') once the page is idle. Uses
 * only its arguments and the browser's globals: postPicturesScript() puts its source in the page.
 */
export function keepPostPictures({ may, pick }: Rules): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (!may(Boolean(navigator.serviceWorker?.controller), connection?.saveData)) return;
  const images = document.querySelectorAll<HTMLImageElement>('[data-post-content] img');
  if (images.length === 0) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000));
  idle(() => {
    for (const { src, srcset, sizes } of pick(images)) {
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

/**
 * A picture of the post's text that fails while it is on screen keeps its box, empty, so the words
 * being read do not jump. Any other picture that fails is hidden box and all by the head script
 * (src/lib/page/a11y-preferences.ts): off screen nothing visible moves (above the screen, the
 * browser's scroll anchoring keeps the text in place). Listens on window in the capture phase, which
 * runs before the head script's listener on document, and stops the event there.
 */
export function keepFailedPictureBoxes(): void {
  addEventListener(
    'error',
    (event) => {
      const picture = event.target as HTMLElement | null;
      if (picture?.tagName !== 'IMG' || !picture.closest('[data-post-content]')) return;
      const box = picture.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= innerHeight) return;
      picture.style.visibility = 'hidden';
      event.stopPropagation();
    },
    true,
  );
}

/**
 * The inline script of pages that show a post (the post pages, and the not-found page that shows a
 * post kept in this browser): keepFailedPictureBoxes at once, keepPostPictures with its rules once
 * the page has loaded.
 */
export function postPicturesScript(): string {
  const keep = `function(){(${keepPostPictures.toString()})({may:${mayKeepPictures.toString()},pick:${picturesToKeep.toString()}})}`;
  return `(function(){(${keepFailedPictureBoxes.toString()})();var keep=${keep};if(document.readyState==='complete')keep();else addEventListener('load',keep,{once:true});})();`;
}
