// A post card: picture, date, title (one link over the whole card), excerpt clamped to two lines,
// tags. Rendered to HTML at build (no JavaScript) and by the search island with the same markup.
// On a phone its sides are 16 px, as a service card's: with the largest text a line keeps room for
// a long word.
import { postHref, type CardPost } from '@/lib/blog/posts';

/** Rendered widths of the card picture, for the browser to pick a file from the srcset. */
const CARD_IMAGE_SIZES = '(min-width: 1152px) 352px, (min-width: 768px) 45vw, 92vw';
const WIDE_FEATURED_IMAGE_SIZES = '(min-width: 1152px) 552px, (min-width: 1024px) 48vw, 92vw';
const TALL_FEATURED_IMAGE_SIZES = '(min-width: 1152px) 736px, (min-width: 1024px) 64vw, 92vw';

/** The `sizes` of a card's picture; /blog preloads its first card's picture with the same value. */
export function cardImageSizes(featured: boolean, featuredLayout: 'wide' | 'tall'): string {
  if (!featured) return CARD_IMAGE_SIZES;
  return featuredLayout === 'wide' ? WIDE_FEATURED_IMAGE_SIZES : TALL_FEATURED_IMAGE_SIZES;
}

interface PostCardProps {
  post: CardPost;
  featured?: boolean;
  /** h2 on the blog pages, h3 under the home page's 'Latest Insights' heading. */
  headingLevel?: 2 | 3;
  /** The page's largest picture above the fold: loaded at once. */
  priority?: boolean;
  /** A featured card is 'wide' (picture beside the text on large screens) or 'tall' (picture on top). */
  featuredLayout?: 'wide' | 'tall';
}

/** The class names given, without the empty ones: no stray spaces in every card's markup. */
const classes = (...names: (string | false)[]): string => names.filter(Boolean).join(' ');

export function PostCard({
  post,
  featured = false,
  headingLevel = 2,
  priority = false,
  featuredLayout = 'wide',
}: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = post.image;
  const wide = featured && featuredLayout === 'wide';
  const imageSizes = cardImageSizes(featured, featuredLayout);
  return (
    <article
      data-post-card={post.slug}
      data-featured={featured ? 'true' : undefined}
      className={classes(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-page shadow-sm transition-shadow hover:shadow-md',
        wide && 'lg:grid lg:grid-cols-2',
      )}
    >
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={image.srcset ? imageSizes : undefined}
          width={image.width}
          height={image.height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
          className={classes(
            'aspect-[16/9] h-auto w-full bg-surface-strong object-cover in-data-[contrast=dark]:brightness-90',
            wide && 'lg:h-full',
          )}
        />
      ) : (
        <div aria-hidden="true" className="aspect-[16/9] w-full bg-surface-strong" />
      )}
      <div
        className={classes(
          'flex flex-1 flex-col px-4 py-6',
          featured ? 'sm:p-8' : 'sm:px-6',
          wide && 'lg:justify-center lg:p-10',
        )}
      >
        {featured && <p className="mb-2 text-sm font-bold tracking-wide text-accent uppercase">Featured</p>}
        <Heading
          className={`font-bold text-balance text-ink ${featured ? 'text-2xl sm:text-3xl' : 'text-xl'}`}
        >
          <a
            href={postHref(post.slug)}
            data-card-link=""
            className="rounded-sm underline-offset-4 group-hover:underline after:absolute after:inset-0 after:content-['']"
          >
            {post.title}
          </a>
        </Heading>
        <p className="mt-2 text-sm text-ink-muted">
          <time dateTime={post.day}>{post.dateLabel}</time>
        </p>
        <p className={classes('mt-3 line-clamp-2 text-ink-muted', featured && 'text-lg')}>{post.excerpt}</p>
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-surface-strong px-3 py-1 text-sm text-ink">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** A grey stand-in of a card while posts load; hidden from assistive technology. */
export function PostCardSkeleton() {
  return (
    <div
      data-skeleton-card=""
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-page motion-safe:animate-pulse"
    >
      <div className="aspect-[16/9] w-full bg-surface-strong" />
      <div className="flex flex-col gap-3 px-4 py-6 sm:px-6">
        <div className="h-6 w-4/5 rounded bg-surface-strong" />
        <div className="h-4 w-1/3 rounded bg-surface-strong" />
        <div className="h-4 w-full rounded bg-surface-strong" />
        <div className="h-4 w-2/3 rounded bg-surface-strong" />
      </div>
    </div>
  );
}
