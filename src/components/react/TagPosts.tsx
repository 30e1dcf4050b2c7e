// A tag page's content: rendered at build for /blog/tags/{tag} and its further pages, and in the
// browser (on the 404 page) for a tag that only the admin's posts in this browser carry, so both look
// the same.
import { postCountText, tagPageHref, type CardPost, type TagGroup } from '@/lib/blog/posts';
import { BlogLink } from './BlogLink';
import { Pagination } from './Pagination';
import { TagLink } from './TagLink';
import { PostList } from './PostList';

interface TagPostsProps {
  label: string;
  /** This page's cards. */
  posts: readonly CardPost[];
  /** Links to the other tags' pages, after the cards. */
  otherTags?: readonly TagGroup[];
  /** Which of the tag's pages this is, with the tag's slug for the links between them. */
  paging?: { slug: string; page: number; pageCount: number; postCount: number };
}

export function TagPosts({ label, posts, otherTags = [], paging }: TagPostsProps) {
  const pageCount = paging?.pageCount ?? 1;
  return (
    <>
      <section aria-labelledby="tag-title" className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 pt-28 pb-12 sm:px-6 lg:pt-32">
          <BlogLink />
          <p className="mt-6 font-bold text-accent">Tag</p>
          <h1
            id="tag-title"
            className="mt-2 text-4xl leading-tight font-bold tracking-tight text-ink sm:text-5xl"
          >
            {label}
          </h1>
          <p className="mt-4 text-lg text-ink-muted">{postCountText(paging?.postCount ?? posts.length)}</p>
          {paging && pageCount > 1 && (
            <p className="mt-2 text-ink-muted">{`Page ${paging.page} of ${pageCount}`}</p>
          )}
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-14">
        <PostList posts={posts} featureFirst={false} />
        {paging && pageCount > 1 && (
          <Pagination
            label={`Pages of posts tagged ${label}`}
            page={paging.page}
            pageCount={pageCount}
            href={(page) => tagPageHref(paging.slug, page)}
          />
        )}
        {otherTags.length > 0 && (
          <nav aria-labelledby="other-tags-heading" className="mt-16 border-t border-line pt-10">
            <h2 id="other-tags-heading" className="text-xl font-bold text-ink">
              Other tags
            </h2>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops a styled list's role */}
            <ul role="list" className="mt-4 flex flex-wrap gap-2">
              {otherTags.map((other) => (
                <li key={other.slug}>
                  <TagLink href={tagPageHref(other.slug)}>
                    {other.label}
                    <span className="sr-only">{`, ${postCountText(other.count)}`}</span>
                  </TagLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
