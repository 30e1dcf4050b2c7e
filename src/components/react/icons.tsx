// Inline icons for the islands, drawn like src/components/icons: a 24 px grid in the current text
// colour, hidden from assistive technology (the text or label beside an icon carries the meaning).
import type { ReactNode } from 'react';

interface IconProps {
  className?: string | undefined;
  /** Heavier strokes for the small controls of the header and the panel. */
  strokeWidth?: string;
  children: ReactNode;
}

function Icon({ className = 'size-5', strokeWidth = '1.75', children }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
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

export const MenuIcon = () => (
  <Icon className="size-6" strokeWidth="2.5">
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon className="size-6" strokeWidth="2.5">
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
