// Inline icons for the blog's React views, drawn like src/components/icons: a 24 px grid in the
// current text colour, hidden from assistive technology (the text beside an icon carries the meaning).
import type { ReactNode } from 'react';

function Icon({ className = 'size-5', children }: { className?: string | undefined; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export const ArrowLeftIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);

export const SearchIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

export const FilterIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Icon>
);

export const CheckIcon = ({ className }: { className?: string }) => (
  <Icon className={className}>
    <path d="M5 12.5l4.5 4.5L19 7" />
  </Icon>
);
