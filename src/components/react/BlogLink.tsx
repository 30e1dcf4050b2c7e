// The way back to /blog at the top (and foot) of a post or tag page, the same everywhere.
import type { ReactNode } from 'react';
import { ArrowLeftIcon } from '@/components/react/icons';

export function BlogLink({ children = 'Back to Blog' }: { children?: ReactNode }) {
  return (
    <a
      href="/blog"
      className="inline-flex min-h-11 items-center gap-2 font-bold text-brand underline-offset-4 hover:underline"
    >
      <ArrowLeftIcon className="size-5" />
      {children}
    </a>
  );
}
