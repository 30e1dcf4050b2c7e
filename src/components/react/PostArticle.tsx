// A post's page body: a way back to the blog, title, author, long date, tags (each a link to its tag
// page), the featured picture and the content. Rendered at build for the built posts and in the
// browser for posts the admin keeps in this browser. `html` must already be sanitised.
import type { ReactNode } from 'react';
import { ARTICLE_IMAGE_SIZES, type CardImage } from '@/lib/blog/posts';
import { tagHref } from '@/lib/blog/slugs';
import { BlogLink } from './BlogLink';
import { TagLink } from './TagLink';

export interface ArticleView {
  title: string;
  author: string;
  /** '2025-01-05' */
  day: string;
  /** 'January 5, 2025' */
  dateLabel: string;
  tags: readonly string[];
  /** Sanitised HTML (sanitizeHtml). */
  html: string;
  image?: (CardImage & { alt: string }) | undefined;
}

/** Readable long-form text: the same measure and rhythm as the service pages' Markdown. */
const PROSE = [
  'max-w-[70ch] text-lg text-ink',
  '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink [&_h2:first-child]:mt-0',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:text-ink-muted',
  '[&_a]:font-bold [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4',
  // Pictures in the text: a block of their own, never wider than the column, dimmed a little in the
  // dark contrast mode as the lead picture is (the illustrations are drawn on light backgrounds).
  '[&_img]:mx-auto [&_img]:mt-6 [&_img]:block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl in-data-[contrast=dark]:[&_img]:brightness-90',
  '[&_table]:mt-6 [&_table]:w-full [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface [&_pre]:p-4',
].join(' ');

/** `notice`: shown above the title (the admin's banner on a post from this browser). */
export function PostArticle({ post, notice }: { post: ArticleView; notice?: ReactNode }) {
  const image = post.image;
  return (
    <article aria-labelledby="post-title" data-post-article="">
      <header className="bg-surface">
        <div className="mx-auto max-w-3xl px-4 pt-28 pb-10 sm:px-6 lg:pt-32">
          {notice}
          <BlogLink />
          <h1
            id="post-title"
            className="mt-6 text-4xl leading-tight font-bold tracking-tight text-balance text-ink sm:text-5xl"
          >
            {post.title}
          </h1>
          <p className="mt-5 text-lg text-ink-muted">
            By <span className="font-bold text-ink">{post.author}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, published </span>
            <time dateTime={post.day}>{post.dateLabel}</time>
          </p>
          {post.tags.length > 0 && (
            <ul aria-label="Tags" className="mt-5 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <TagLink href={tagHref(tag)}>{tag}</TagLink>
                </li>
              ))}
            </ul>
          )}
          {/* A note for the admin, filled in the browser only (showSiteCopyNotice). */}
          <div data-site-copy-notice="" hidden className="mt-6" />
        </div>
      </header>
      {image && (
        <div className="mx-auto max-w-4xl px-4 pt-10 sm:px-6">
          <img
            src={image.src}
            srcSet={image.srcset}
            sizes={image.srcset ? ARTICLE_IMAGE_SIZES : undefined}
            width={image.width}
            height={image.height}
            alt={image.alt}
            loading="eager"
            decoding="sync"
            fetchPriority="high"
            className="aspect-[16/9] h-auto w-full rounded-3xl bg-surface-strong object-cover in-data-[contrast=dark]:brightness-90"
          />
        </div>
      )}
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <div className={PROSE} data-post-content="" dangerouslySetInnerHTML={{ __html: post.html }} />
        <footer className="mt-14 border-t border-line pt-8">
          <BlogLink>All posts</BlogLink>
        </footer>
      </div>
    </article>
  );
}
