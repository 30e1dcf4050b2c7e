// The post list's table (SPEC 2): Title, Status, Date and Actions, newest first; each row's actions
// name their post for screen readers ("Edit Visual schedules").
import { formatShortDate, isoDay } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import { linkClass, rowAction } from './ui';
import { WebsiteActions, WebsiteStatus } from './WebsiteControls';
import { postHref } from '@/lib/blog/posts';
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

export function PostTable({ posts, onDelete, onDownload }: PostTableProps) {
  return (
    // Scrolls sideways on a narrow screen (its links and buttons take keyboard users along).
    <div
      className="mt-6 overflow-x-auto rounded-xl border border-line"
      role="region"
      aria-labelledby="posts-caption"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left">
        <caption id="posts-caption" className="sr-only">
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
              <td className="px-4 py-3">
                <StatusBadge isDraft={post.isDraft !== 0} />
                <WebsiteStatus post={post} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={isoDay(post.publishedAt)}>{formatShortDate(post.publishedAt)}</time>
              </td>
              <td className="px-2 py-1">
                <div className="flex flex-wrap gap-1">
                  <a href={editPostPath(post.id)} className={`${rowAction} ${linkClass}`}>
                    Edit<span className="sr-only"> {post.title}</span>
                  </a>
                  {post.isDraft === 0 && (
                    <a href={postHref(post.slug)} className={`${rowAction} ${linkClass}`}>
                      View<span className="sr-only"> {post.title}</span>
                    </a>
                  )}
                  <button
                    type="button"
                    className={`${rowAction} text-brand`}
                    onClick={() => onDownload(post)}
                  >
                    Download<span className="sr-only"> {post.title} as Markdown</span>
                  </button>
                  <WebsiteActions post={post} />
                  <button type="button" className={`${rowAction} text-danger`} onClick={() => onDelete(post)}>
                    Delete<span className="sr-only"> {post.title}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
