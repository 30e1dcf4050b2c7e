// The card grid, its loading skeleton and the two empty states (SPEC 2, Blog list). Shared by the
// pages (rendered at build) and the search island, so both show the same markup.
import type { ReactNode } from 'react';
import { SKELETON_CARD_COUNT, type CardPost } from '@/lib/blog/posts';
import { PostCard, PostCardSkeleton } from './PostCard';

interface PostListProps {
  posts: readonly CardPost[];
  /** The first card is featured only when there is no search text and no tag selected. */
  featureFirst: boolean;
  headingLevel?: 2 | 3;
  /** Load the first picture at once (it is above the fold). */
  priorityFirst?: boolean;
  /**
   * Cards fade in as they scroll into view, 150 ms apart (src/browser/reveal.ts). Only for lists in
   * the page's HTML: the reveal script runs once, at page load.
   */
  reveal?: boolean;
  /**
   * 'grid': the featured card spans the whole row (the blog). 'latest': it takes two thirds and two
   * rows beside the other two cards (the home page's three posts).
   */
  layout?: 'grid' | 'latest';
}

export function PostList({
  posts,
  featureFirst,
  headingLevel = 2,
  priorityFirst = false,
  reveal = false,
  layout = 'grid',
}: PostListProps) {
  const featuredClass = layout === 'grid' ? 'md:col-span-2 lg:col-span-3' : 'md:col-span-2 lg:row-span-2';
  return (
    // Safari's VoiceOver drops list semantics from unstyled lists unless the role is explicit.
    // eslint-disable-next-line jsx-a11y/no-redundant-roles
    <ul
      role="list"
      className="grid gap-8 md:grid-cols-2 lg:grid-cols-3"
      data-reveal-group={reveal ? '' : undefined}
    >
      {posts.map((post, index) => {
        const featured = featureFirst && index === 0;
        return (
          <li
            key={post.slug}
            className={featured ? featuredClass : undefined}
            data-reveal={reveal ? '' : undefined}
          >
            <PostCard
              post={post}
              featured={featured}
              headingLevel={headingLevel}
              priority={priorityFirst && index === 0}
              featuredLayout={layout === 'grid' ? 'wide' : 'tall'}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Six placeholder cards (SPEC 9) with a status line for screen readers. */
export function PostListSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading posts...
      </p>
      <div aria-hidden="true" className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

export const EMPTY_STATES = {
  noPosts: { title: 'No posts yet', text: 'Check back soon for new content!' },
  noMatches: { title: 'No posts found', text: 'Try adjusting your search or filter criteria' },
} as const;

interface EmptyStateProps {
  kind: keyof typeof EMPTY_STATES;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}

export function BlogEmptyState({ kind, headingLevel = 2, children }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { title, text } = EMPTY_STATES[kind];
  return (
    <div
      data-empty-state={kind}
      className="rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center"
    >
      <Heading className="text-2xl font-bold text-ink">{title}</Heading>
      <p className="mt-3 text-lg text-ink-muted">{text}</p>
      {children}
    </div>
  );
}
