// Links between the pages of a list of posts (/blog, 12 cards a page): Newer and Older, the first and
// last page, the current one and its neighbours (pageListItems). Plain links, no JavaScript.
import { pageListItems } from '@/lib/blog/posts';

interface PaginationProps {
  /** The navigation landmark's name, e.g. 'Blog pages'. */
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}

const link =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border-2 px-4 font-bold underline-offset-4';

export function Pagination({ label, page, pageCount, href }: PaginationProps) {
  return (
    <nav aria-label={label} className="mt-14 flex flex-wrap items-center justify-center gap-3">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev" className={`${link} border-brand text-brand hover:underline`}>
          Newer posts
        </a>
      )}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops a styled list's role */}
      <ul role="list" className="flex flex-wrap justify-center gap-2">
        {pageListItems(page, pageCount).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              // Read as "dot dot dot" or "ellipsis": the pages between are there, not linked here.
              <span className="inline-flex min-h-11 items-center px-1 font-bold text-ink-muted">…</span>
            ) : item === page ? (
              <span aria-current="page" className={`${link} border-brand bg-brand text-on-brand`}>
                <span className="sr-only">Page </span>
                {item}
              </span>
            ) : (
              <a
                href={href(item)}
                className={`${link} border-line text-ink hover:border-brand hover:underline`}
              >
                <span className="sr-only">Page </span>
                {item}
              </a>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount && (
        <a href={href(page + 1)} rel="next" className={`${link} border-brand text-brand hover:underline`}>
          Older posts
        </a>
      )}
    </nav>
  );
}
