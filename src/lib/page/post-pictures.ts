// Which of a post's pictures the page fetches ahead so that the post reads in full offline
// (src/scripts/post-pictures.ts, docs/offline.md). Pure, so that tests can read the rules.

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
