import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import MobileMenuIsland, { MOBILE_MENU_ID } from '@/islands/header/MobileMenu';
import { FALLBACK_TARGET_ATTRIBUTE } from '@/lib/page/island-fallback';
import { BOOK_CONSULTATION, FOOTER_NAV_ID, NAV_ITEMS } from '@/lib/site/navigation';

function renderMenu(currentPath = '/training') {
  const user = userEvent.setup();
  const view = render(
    <>
      <a href="#main">Before</a>
      <MobileMenuIsland currentPath={currentPath} />
      <main id="main">
        <a href="/elsewhere">After</a>
      </main>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Menu' });
  return { user, button, ...view };
}

describe('MobileMenu', () => {
  it('renders a closed menu button that controls the dialog', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', MOBILE_MENU_ID);
    expect(button).toHaveTextContent('Menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.getElementById(MOBILE_MENU_ID)).not.toBeNull();
  });

  it('names the footer navigation as its stand-in for when this code cannot be downloaded', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute(FALLBACK_TARGET_ATTRIBUTE, FOOTER_NAV_ID);
  });

  it('opens a modal dialog with every item plus Book Consultation and moves focus in', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('id', MOBILE_MENU_ID);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ...NAV_ITEMS.map((item) => [item.name, item.href]),
      [BOOK_CONSULTATION.name, BOOK_CONSULTATION.href],
    ]);
    expect(links[0]).toHaveFocus();
  });

  it('marks the current page with aria-current', async () => {
    const { user, button } = renderMenu('/training/');
    await user.click(button);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Training' })).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(dialog).getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current');
  });

  it('traps Tab inside the dialog and makes the rest of the page inert', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const book = within(dialog).getByRole('link', { name: BOOK_CONSULTATION.name });
    expect(screen.getByText('Before')).toHaveAttribute('inert');
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');

    book.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(book).toHaveFocus();
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.getByText('Before')).not.toHaveAttribute('inert');
  });

  it('closes with the close button and returns focus to the menu button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when an item is chosen and lets the link be followed', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    let followed = '';
    const link = within(screen.getByRole('dialog')).getByRole('link', { name: 'Team' });
    // jsdom cannot navigate: record the default action that was not prevented instead.
    document.addEventListener(
      'click',
      (event) => {
        followed = event.defaultPrevented ? '' : (event.target as HTMLAnchorElement).getAttribute('href')!;
        event.preventDefault();
      },
      { once: true },
    );
    await user.click(link);
    expect(followed).toBe('/#team');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveFocus();
  });

  it('when the window widens, closes and focuses the same link in the header, even if the hidden menu lost focus first', async () => {
    const user = userEvent.setup();
    render(
      <header>
        <a href="/">Bright Path</a>
        <nav aria-label="Header">
          <a href="/#services">Services</a>
          <a href="/training">Training</a>
        </nav>
        <MobileMenuIsland currentPath="/" />
      </header>,
    );
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab(); // from Home to Services in the menu
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Services' })).toHaveFocus();

    // Past the breakpoint the menu (with its button) is hidden and the header's links show; the
    // browser may already have moved focus off the hidden menu when the resize event arrives.
    const shown = vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
      const hidden = this.closest('[role="dialog"]') || this.tagName === 'BUTTON';
      return (hidden ? [] : [new DOMRect()]) as unknown as DOMRectList;
    });
    (document.activeElement as HTMLElement).blur();
    act(() => void window.dispatchEvent(new Event('resize')));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Header' })).getByRole('link', { name: 'Services' }),
    ).toHaveFocus();
    shown.mockRestore();
  });
});
