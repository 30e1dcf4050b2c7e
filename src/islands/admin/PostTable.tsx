// The post list (SPEC 2): Title, Status, Date and Actions, newest first. From 1024 px a table; below,
// one card per post (title, status, date, actions), so nothing is wider than a phone's screen. The
// cards stay from 1024 px while the list is under 56rem wide (large text: 150 % in a window under
// about 1,400 px), where the table's one-line actions left a title a letter's width.
// Each post's everyday actions stay in one line; the rest sit in its "More" menu, where the two
// that lose work ("Remove from website", "Delete") are set apart. Each action names its post for
// screen readers ("Edit Visual schedules"); every visually hidden name sits inside a positioned box,
// so it cannot stretch the page (issue 35).
import { formatShortDate, isoDay } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import { linkClass, rowAction } from './ui';
import { WebsiteActions, WebsiteStatus } from './WebsiteControls';
import { postHref, previewHref } from '@/lib/blog/posts';
import { editPostPath } from '@/lib/admin/routes';

/** One unbroken word: the page lets long words break anywhere, which split 'Published' in a narrow column. */
export function StatusBadge({ isDraft }: { isDraft: boolean }) {
  return isDraft ? (
    <span className="inline-block rounded-full border border-warning-ink whitespace-nowrap bg-warning-surface px-3 py-0.5 text-sm font-bold text-warning-ink">
      Draft
    </span>
  ) : (
    <span className="inline-block rounded-full border border-success whitespace-nowrap bg-success-surface px-3 py-0.5 text-sm font-bold text-success">
      Published
    </span>
  );
}

interface PostTableProps {
  posts: Post[];
  onDelete: (post: Post) => void;
  onDownload: (post: Post) => void;
}

type RowProps = Omit<PostTableProps, 'posts'> & { post: Post };

function PostStatus({ post }: { post: Post }) {
  return (
    <>
      <StatusBadge isDraft={post.isDraft !== 0} />
      <WebsiteStatus post={post} />
    </>
  );
}

function PostDate({ post }: { post: Post }) {
  return <time dateTime={isoDay(post.publishedAt)}>{formatShortDate(post.publishedAt)}</time>;
}

export const MORE_ACTIONS = 'More';

/** `oneLine`: the table's cell, whose everyday actions never wrap (the title column gives way). */
function PostActions({ post, onDelete, onDownload, oneLine = false }: RowProps & { oneLine?: boolean }) {
  return (
    <div
      className={`relative flex items-start gap-1 ${oneLine ? 'flex-nowrap whitespace-nowrap' : 'flex-wrap'}`}
    >
      <a href={editPostPath(post.id)} className={`${rowAction} ${linkClass}`}>
        Edit<span className="sr-only"> {post.title}</span>
      </a>
      {post.isDraft === 0 ? (
        <a href={postHref(post.slug)} className={`${rowAction} ${linkClass}`}>
          View<span className="sr-only"> {post.title}</span>
        </a>
      ) : (
        <a href={previewHref(post.slug)} className={`${rowAction} ${linkClass}`}>
          Preview<span className="sr-only"> {post.title}</span>
        </a>
      )}
      <WebsiteActions post={post} only={['publish']} />
      {/* A disclosure, not an ARIA menu: it opens in place, so it is never cut off or off screen. */}
      <details className="group relative">
        <summary
          className={`${rowAction} cursor-pointer list-none text-brand [&::-webkit-details-marker]:hidden`}
        >
          {MORE_ACTIONS}
          <span className="sr-only"> actions for {post.title}</span>
          <span aria-hidden="true" className="ml-1 group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-1 flex flex-col items-start rounded-lg border border-line bg-page p-1">
          <WebsiteActions post={post} only={['schedule']} />
          <button type="button" className={`${rowAction} text-brand`} onClick={() => onDownload(post)}>
            Download a copy<span className="sr-only"> of {post.title}</span>
          </button>
          <div className="mt-1 flex w-full flex-col items-start border-t border-line pt-1">
            <WebsiteActions post={post} only={['remove']} />
            <button type="button" className={`${rowAction} text-danger`} onClick={() => onDelete(post)}>
              Delete<span className="sr-only"> {post.title}</span>
            </button>
          </div>
        </div>
      </details>
    </div>
  );
}

export function PostTable({ posts, onDelete, onDownload }: PostTableProps) {
  return (
    <div className="@container">
      <h2 id="posts-caption" className="sr-only">
        All posts in this browser, newest first
      </h2>
      {/* Phones and tablets, and large text: one card per post. */}
      <ul className="relative mt-6 grid gap-4 lg:@min-4xl:hidden" aria-labelledby="posts-caption">
        {posts.map((post) => (
          <li key={post.id}>
            <article
              aria-labelledby={`post-card-${post.id}`}
              className="rounded-xl border border-line p-4 [overflow-wrap:anywhere]"
            >
              <h3 id={`post-card-${post.id}`} className="text-lg font-semibold">
                {post.title}
              </h3>
              <div className="mt-2">
                <PostStatus post={post} />
              </div>
              <p className="mt-2 text-sm text-ink-muted">
                Date: <PostDate post={post} />
              </p>
              <div className="mt-2">
                <PostActions post={post} onDelete={onDelete} onDownload={onDownload} />
              </div>
            </article>
          </li>
        ))}
      </ul>
      {/* Wider screens: the table. `relative` keeps the hidden names inside its box. */}
      <div
        className="relative mt-6 hidden overflow-x-auto rounded-xl border border-line lg:@min-4xl:block"
        role="region"
        aria-labelledby="posts-table-caption"
      >
        <table className="w-full border-collapse text-left">
          <caption id="posts-table-caption" className="sr-only">
            All posts in this browser, newest first
          </caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="px-4 py-3 font-bold">
                Title
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-bold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr key={post.id} className="border-t border-line align-top">
                <th scope="row" className="px-4 py-3 font-semibold">
                  {post.title}
                </th>
                <td className="max-w-64 px-4 py-3">
                  <PostStatus post={post} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <PostDate post={post} />
                </td>
                <td className="px-2 py-1">
                  <PostActions post={post} onDelete={onDelete} onDownload={onDownload} oneLine />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
