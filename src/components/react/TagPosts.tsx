// A tag page's content: rendered at build for /blog/tags/{tag}, and in the browser (on the 404 page)
// for a tag that only the admin's posts in this browser carry, so both look the same.
import { postCountText, tagPageHref, type CardPost, type TagGroup } from '@/lib/blog/posts';
import { BlogLink } from './BlogLink';
import { TagLink } from './TagLink';
import { PostList } from './PostList';

interface TagPostsProps {
  label: string;
  posts: readonly CardPost[];
  /** Links to the other tags' pages, after the cards. */
  otherTags?: readonly TagGroup[];
}

export function TagPosts({ label, posts, otherTags = [] }: TagPostsProps) {
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
          <p className="mt-4 text-lg text-ink-muted">{postCountText(posts.length)}</p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-14">
        <PostList posts={posts} featureFirst={false} />
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
