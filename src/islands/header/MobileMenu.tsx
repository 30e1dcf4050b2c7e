import { useCallback, useEffect, useRef, useState } from 'react';
import { BOOK_CONSULTATION, FOOTER_NAV_ID, NAV_ITEMS } from '@/lib/site/navigation';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { useHydrationSignal } from '@/islands/shared/use-hydration-signal';
import { CloseIcon, MenuIcon } from '@/components/react/icons';
import { focusableWithin, makeOthersInert, trapTabKey } from './focus-helpers';
import { ariaCurrentFor } from '../../lib/page/nav-current';

export const MOBILE_MENU_ID = 'mobile-menu';
const TITLE_ID = 'mobile-menu-title';

export interface MobileMenuProps {
  /** Path of the page being shown, to mark its item with aria-current. */
  currentPath?: string;
}

/**
 * The small-screen menu (SPEC 2): a 'Menu' button and a modal slide-in dialog with the header's
 * items. The button is in the server-rendered markup, so a press before hydration is replayed by
 * client:interact; without JavaScript the header shows a link to the footer navigation instead, and
 * when this code cannot be downloaded (offline) a press on the button moves focus there.
 */
export function MobileMenu({ currentPath = '/' }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useHydrationSignal(buttonRef);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Choosing a link hands focus to the navigation (a new page or the target section), not the button.
  const returnFocusOnClose = useRef(true);
  // Where focus goes when the menu closes without returning it to the button (the window widened).
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const close = useCallback((returnFocus: boolean) => {
    returnFocusOnClose.current = returnFocus;
    setOpen(false);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    const overlay = dialog?.parentElement;
    const button = buttonRef.current;
    if (!open || !dialog || !overlay || !button) return;
    returnFocusOnClose.current = true;
    const restoreInert = makeOthersInert(overlay);
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden'; // the page behind must not scroll under the open menu
    // The item the visitor is on, kept as focus moves: once the window widens past the breakpoint
    // the hidden menu may have lost focus before the resize event arrives.
    let lastFocused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element) lastFocused = event.target;
    };
    dialog.addEventListener('focusin', onFocusIn);
    // Straight to the first item: opening the menu is for choosing one.
    focusableWithin(dialog.querySelector('nav') ?? dialog)[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      } else {
        trapTabKey(event, dialog);
      }
    };
    // A click on the dimmed page beside the menu closes it (the press that opened it is ignored).
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || dialog.contains(target) || button.contains(target)) return;
      close(true);
    };
    // Widening the window past the breakpoint hides the menu with its button: close it, or the
    // page would stay inert behind an invisible dialog. Focus goes to the same link in the header,
    // which now shows it (or to its first link), not to the page's start.
    const onResize = () => {
      if (button.getClientRects().length > 0) return;
      const focused = dialog.contains(document.activeElement) ? document.activeElement : lastFocused;
      const links = [...button.closest('header')!.querySelectorAll('a')].filter(
        (link) => !dialog.contains(link) && link.getClientRects().length > 0,
      );
      focusAfterClose.current =
        links.find((link) => focused instanceof HTMLAnchorElement && link.href === focused.href) ??
        links[0] ??
        null;
      close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
      window.removeEventListener('resize', onResize);
      dialog.removeEventListener('focusin', onFocusIn);
      restoreInert();
      root.style.overflow = previousOverflow;
      if (returnFocusOnClose.current) button.focus();
      else focusAfterClose.current?.focus(); // once the page behind is no longer inert
      focusAfterClose.current = null;
    };
  }, [open, close]);

  const itemClass =
    'flex min-h-12 items-center rounded-md px-3 py-2 text-lg text-ink hover:bg-surface-strong hover:underline underline-offset-4';

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        data-mobile-menu-button
        data-fallback-target={FOOTER_NAV_ID}
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border-2 border-current px-3 py-1.5 font-bold text-ink hover:bg-surface-strong"
      >
        <MenuIcon />
        <span>Menu</span>
      </button>
      <div hidden={!open} className="fixed inset-0 z-[60]">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-black/50 motion-safe:transition-opacity motion-safe:duration-300 starting:opacity-0"
        />
        <div
          ref={dialogRef}
          id={MOBILE_MENU_ID}
          role="dialog"
          aria-modal="true"
          aria-labelledby={open ? TITLE_ID : undefined}
          className="absolute inset-y-0 right-0 flex w-[min(22rem,88vw)] flex-col overflow-y-auto overscroll-contain bg-page text-ink shadow-2xl motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-out starting:translate-x-full"
        >
          {/* Its contents only while open: closed, they would be dead weight in every page's HTML. */}
          {open && (
            <>
              {/* The close button goes under the title rather than squeeze it (the largest text on a
                  320 px screen cut 'Men|u' and 'Clos|e'); beside justify-between the gap is a minimum. */}
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
                <h2 id={TITLE_ID} className="text-xl font-bold">
                  Menu
                </h2>
                <button
                  type="button"
                  aria-label="Close menu"
                  onClick={() => close(true)}
                  className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-1.5 font-bold hover:bg-surface-strong"
                >
                  <CloseIcon />
                  <span aria-hidden="true">Close</span>
                </button>
              </div>
              <nav aria-label="Main" className="flex flex-1 flex-col px-3 py-4">
                <ul className="space-y-1">
                  {NAV_ITEMS.map((item) => {
                    const current = ariaCurrentFor(item.href, currentPath);
                    return (
                      <li key={item.href + item.name}>
                        <a
                          href={item.href}
                          aria-current={current}
                          onClick={() => close(false)}
                          className={`${itemClass} ${current ? 'border-l-4 border-brand font-bold' : ''}`}
                        >
                          {item.name}
                        </a>
                      </li>
                    );
                  })}
                </ul>
                <a
                  href={BOOK_CONSULTATION.href}
                  onClick={() => close(false)}
                  className="mt-6 flex min-h-12 items-center justify-center rounded-md bg-brand px-4 py-3 text-lg font-bold text-on-brand hover:bg-brand-strong"
                >
                  {BOOK_CONSULTATION.name}
                </a>
              </nav>
            </>
          )}
        </div>
      </div>
    </>
  );
}

export default withErrorBoundary(MobileMenu);
