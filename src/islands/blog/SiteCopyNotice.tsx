// Shown on a built post page, in the admin's browser only, when the admin has drafted, deleted or
// retitled that post in the browser's store: the page itself is the site's copy, which visitors
// still see until the change reaches the website ("Remove from website" or "Publish to website").
import type { SiteCopyChange } from '@/lib/store/browser-posts';
import { postHref } from '@/lib/blog/posts';

export function SiteCopyNotice({ change }: { change: SiteCopyChange }) {
  return (
    <div role="note" className="rounded-xl border-2 border-brand bg-page p-4 text-ink">
      <p>
        <strong>Only you see this note.</strong> {explanation(change)}
      </p>
    </div>
  );
}

function explanation(change: SiteCopyChange) {
  switch (change.kind) {
    case 'draft':
      return "You made this post a draft in this browser's admin. Visitors still see it here until you choose “Remove from website” in the list of posts.";
    case 'deleted':
      return "You deleted this post in this browser's admin, which does not take it off the website: visitors still see it here. Ask the person who looks after the website to remove it.";
    case 'moved':
      return (
        <>
          In this browser's admin, this post has a new title and address:{' '}
          <a href={postHref(change.slug)} className="font-bold text-brand underline underline-offset-4">
            see your version
          </a>
          . Visitors still see this one until you press “Publish to website” for your version.
        </>
      );
  }
}
