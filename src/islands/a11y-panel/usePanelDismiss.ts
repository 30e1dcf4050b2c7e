// How the open accessibility panel is put away without its buttons: Escape (from inside it or its
// button) returns focus to the button; a click or focus elsewhere on the page closes it and leaves
// focus there. Open, it sits above the header and would cover what has focus (WCAG 2.4.11).
import { useEffect, type RefObject } from 'react';

interface PanelParts {
  /** The whole widget: panel and floating button. */
  container: RefObject<HTMLElement | null>;
  panel: RefObject<HTMLElement | null>;
  toggle: RefObject<HTMLButtonElement | null>;
  /** Focused when the panel opens. */
  firstControl: RefObject<HTMLElement | null>;
  /** Focused instead when the first control lies below the panel's fold. */
  title: RefObject<HTMLElement | null>;
}

export function usePanelDismiss(open: boolean, close: () => void, parts: PanelParts) {
  const { container, panel, toggle, firstControl, title } = parts;
  useEffect(() => {
    if (!open) return;
    // On a short window (a screen zoomed to 400 %) the panel scrolled to its first slider and
    // opened with its title out of view: there the title takes focus, and the panel reads from its start.
    const first = firstControl.current;
    first?.focus({ preventScroll: true });
    const fold = panel.current?.getBoundingClientRect().bottom;
    if (first && fold !== undefined && first.getBoundingClientRect().bottom > fold) title.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      if (!panel.current?.contains(active) && active !== toggle.current) return;
      event.preventDefault();
      close();
      toggle.current?.focus();
    };
    // A click elsewhere on the page (the mobile menu's button, say) puts it away without taking
    // focus from what was clicked; so does tabbing out of it.
    const putAwayUnlessInside = (event: Event) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', putAwayUnlessInside);
    document.addEventListener('focusin', putAwayUnlessInside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', putAwayUnlessInside);
      document.removeEventListener('focusin', putAwayUnlessInside);
    };
    // `close` and the refs are stable for the panel's life; only opening and closing matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
