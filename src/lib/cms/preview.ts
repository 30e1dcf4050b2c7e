// What the CMS's preview pane shows of a post: the post page's own article (PostArticle), from the
// values in the form, so an editor sees the post as visitors will. The body is rendered by the one
// post-file renderer (the admin's import uses it too: a decorative picture gets alt=""), and sanitised
// like every HTML string.
import { formatLongDate, isoDay, toPostDate } from '../site/dates';
import { sanitizeHtml } from '../text/sanitize';
import { parseTags } from '../blog/tags';
import { repositoryPictureName } from '../text/post-body';
import { renderPostMarkdown } from '../text/post-file';
import { escapeHtml } from '../text/escape-html';
import { DEFAULT_AUTHOR } from '../blog/post-rules';

/** The article's view (PostArticle's ArticleView, which the lib layer does not import). */
export interface PreviewArticle {
  title: string;
  author: string;
  day: string;
  dateLabel: string;
  tags: string[];
  /** Sanitised HTML. */
  html: string;
  image?: { src: string; alt: string } | undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A day the form holds, or today while the field is empty or half typed. */
function dayOf(value: unknown): Date {
  try {
    if (typeof value === 'string' || value instanceof Date) return toPostDate(value);
  } catch {
    // not a day yet
  }
  return toPostDate(new Date());
}

/**
 * The text's pictures from the repository ('images/a.jpg'), shown from where the CMS holds them: an
 * upload not yet saved exists only as a blob: address, which the sanitiser rightly drops, so the
 * address is swapped in after sanitising. The relative address would otherwise resolve against
 * /cms/ and show a broken picture.
 */
function withPreviewPictures(html: string, pictureAt: (address: string) => string): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)"/g, (whole, start: string, src: string) => {
    const address = src.replace(/&amp;/g, '&');
    if (repositoryPictureName(address) === undefined) return whole;
    const shown = escapeHtml(pictureAt(address));
    return `${start}${shown}"`;
  });
}

/**
 * The article of the post being edited. `data` is the entry's values as the form holds them;
 * `pictureUrl` the address at which the CMS shows the chosen featured image, if any; `pictureAt`
 * the address at which it shows a picture of the text (Decap's getAsset).
 */
export function previewArticle(
  data: Record<string, unknown>,
  pictureUrl?: string,
  pictureAt?: (address: string) => string,
): PreviewArticle {
  const html = sanitizeHtml(renderPostMarkdown(text(data.body)));
  const day = dayOf(data.publishedAt);
  const tags = Array.isArray(data.tags) ? parseTags(data.tags.filter((t) => typeof t === 'string')) : [];
  return {
    title: text(data.title),
    author: text(data.author).trim() || DEFAULT_AUTHOR,
    day: isoDay(day),
    dateLabel: formatLongDate(day),
    tags,
    html: pictureAt ? withPreviewPictures(html, pictureAt) : html,
    image: pictureUrl ? { src: pictureUrl, alt: text(data.featuredImageAlt) } : undefined,
  };
}
