// A tag as a pill-shaped link to its tag page: under a post's title, and under "Other tags".
import type { ReactNode } from 'react';

export function TagLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex min-h-11 items-center rounded-full border border-line bg-page px-4 text-ink underline-offset-4 hover:border-brand hover:underline"
    >
      {children}
    </a>
  );
}
