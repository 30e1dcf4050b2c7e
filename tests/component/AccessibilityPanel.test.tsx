import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AccessibilityPanelIsland, { A11Y_PANEL_ID } from '@/islands/a11y-panel/AccessibilityPanel';
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, applyPreferences } from '@/lib/page/a11y-preferences';
import { withStorageBlocked } from '../helpers';

const root = document.documentElement;

function stored() {
  return JSON.parse(sessionStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');
}

async function openPanel() {
  const user = userEvent.setup();
  render(<AccessibilityPanelIsland />);
  const toggle = screen.getByRole('button', { name: 'Accessibility options' });
  await user.click(toggle);
  const panel = screen.getByRole('dialog', { name: 'Accessibility options' });
  return { user, toggle, panel };
}

describe('AccessibilityPanel', () => {
  beforeEach(() => {
    sessionStorage.clear();
    applyPreferences(root, { ...DEFAULT_PREFERENCES });
  });
  afterEach(() => sessionStorage.clear());

  it('is a floating button, collapsed until pressed', () => {
    render(<AccessibilityPanelIsland />);
    const toggle = screen.getByRole('button', { name: 'Accessibility options' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', A11Y_PANEL_ID);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Accessibility' })).toContainElement(toggle);
  });

  it('opens a non-modal panel with every control at its default and focuses the first', async () => {
    const { toggle, panel } = await openPanel();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveAttribute('aria-modal');

    const textSize = within(panel).getByRole('slider', { name: 'Text size' });
    expect(textSize).toHaveFocus();
    expect(textSize).toHaveAttribute('min', '80');
    expect(textSize).toHaveAttribute('max', '150');
    expect(textSize).toHaveValue('100');
    expect(textSize).toHaveAttribute('aria-valuetext', '100 percent');

    const spacing = within(panel).getByRole('slider', { name: 'Letter spacing' });
    expect(spacing).toHaveAttribute('min', '0');
    expect(spacing).toHaveAttribute('max', '5');
    expect(spacing).toHaveAttribute('step', '0.5');
    expect(spacing).toHaveAttribute('aria-valuetext', '0 pixels');

    const lineHeight = within(panel).getByRole('slider', { name: 'Line height' });
    expect(lineHeight).toHaveAttribute('min', '1');
    expect(lineHeight).toHaveAttribute('max', '2');
    expect(lineHeight).toHaveAttribute('step', '0.1');
    expect(lineHeight).toHaveAttribute('aria-valuetext', '1.5');

    const contrast = within(panel).getByRole('group', { name: 'Contrast' });
    expect(within(contrast).getByRole('radio', { name: 'Normal' })).toBeChecked();
    expect(within(contrast).getByRole('radio', { name: 'High contrast' })).not.toBeChecked();
    expect(within(contrast).getByRole('radio', { name: 'Dark' })).not.toBeChecked();

    expect(within(panel).getByRole('switch', { name: 'Reduce motion' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const font = within(panel).getByRole('switch', { name: 'Easy-to-read font' });
    expect(font).toHaveAttribute('aria-checked', 'false');
    expect(font).toHaveAccessibleDescription(
      'Atkinson Hyperlegible, a typeface made for readers with low vision.',
    );
    expect(within(panel).getByRole('button', { name: 'Reset to defaults' })).toBeInTheDocument();
  });

  it('applies each change to <html> at once and keeps it in session storage', async () => {
    const { user, panel } = await openPanel();

    const textSize = within(panel).getByRole('slider', { name: 'Text size' });
    fireEvent.change(textSize, { target: { value: '120' } });
    expect(textSize).toHaveAttribute('aria-valuetext', '120 percent');
    expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('1.2');

    fireEvent.change(within(panel).getByRole('slider', { name: 'Letter spacing' }), {
      target: { value: '1' },
    });
    expect(within(panel).getByRole('slider', { name: 'Letter spacing' })).toHaveAttribute(
      'aria-valuetext',
      '1 pixel',
    );
    expect(root.style.getPropertyValue('--a11y-letter-spacing')).toBe('1px');

    fireEvent.change(within(panel).getByRole('slider', { name: 'Line height' }), {
      target: { value: '1.8' },
    });
    expect(root.style.getPropertyValue('--a11y-line-height')).toBe('1.8');

    await user.click(within(panel).getByRole('radio', { name: 'Dark' }));
    expect(root).toHaveAttribute('data-contrast', 'dark');

    const reduceMotion = within(panel).getByRole('switch', { name: 'Reduce motion' });
    await user.click(reduceMotion);
    expect(reduceMotion).toHaveAttribute('aria-checked', 'true');
    expect(root).toHaveAttribute('data-reduce-motion');

    const font = within(panel).getByRole('switch', { name: 'Easy-to-read font' });
    await user.click(font);
    expect(font).toHaveAttribute('aria-checked', 'true');
    expect(root).toHaveAttribute('data-readable-font');

    expect(stored()).toEqual({
      textSize: 120,
      contrast: 'dark',
      letterSpacing: 1,
      lineHeight: 1.8,
      reduceMotion: true,
      readableFont: true,
    });
  });

  it('resets every setting to its default and says so', async () => {
    const { user, panel } = await openPanel();
    fireEvent.change(within(panel).getByRole('slider', { name: 'Text size' }), { target: { value: '150' } });
    await user.click(within(panel).getByRole('radio', { name: 'High contrast' }));
    await user.click(within(panel).getByRole('switch', { name: 'Reduce motion' }));
    await user.click(within(panel).getByRole('switch', { name: 'Easy-to-read font' }));

    await user.click(within(panel).getByRole('button', { name: 'Reset to defaults' }));
    expect(within(panel).getByRole('slider', { name: 'Text size' })).toHaveValue('100');
    expect(within(panel).getByRole('radio', { name: 'Normal' })).toBeChecked();
    expect(root).toHaveAttribute('data-contrast', 'normal');
    expect(root).not.toHaveAttribute('data-reduce-motion');
    expect(root).not.toHaveAttribute('data-readable-font');
    expect(stored()).toEqual(DEFAULT_PREFERENCES);
    expect(within(panel).getByRole('status')).toHaveTextContent('Settings reset to defaults');
  });

  it('shows the settings stored earlier in this tab (from another page)', async () => {
    sessionStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({
        textSize: 130,
        contrast: 'high',
        letterSpacing: 2.5,
        lineHeight: 2,
        reduceMotion: true,
      }),
    );
    const { panel } = await openPanel();
    expect(within(panel).getByRole('slider', { name: 'Text size' })).toHaveAttribute(
      'aria-valuetext',
      '130 percent',
    );
    expect(within(panel).getByRole('radio', { name: 'High contrast' })).toBeChecked();
    expect(within(panel).getByRole('slider', { name: 'Letter spacing' })).toHaveValue('2.5');
    expect(within(panel).getByRole('switch', { name: 'Reduce motion' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('closes on Escape and with its close button, returning focus to the floating button', async () => {
    const { user, toggle } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Close accessibility options' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('puts itself away on a click elsewhere on the page, leaving focus there', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Elsewhere</button>
        <AccessibilityPanelIsland />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Accessibility options' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('keeps working when session storage is unavailable', async () => {
    await withStorageBlocked('sessionStorage', async () => {
      const { panel } = await openPanel();
      fireEvent.change(within(panel).getByRole('slider', { name: 'Text size' }), { target: { value: '90' } });
      expect(root.style.getPropertyValue('--a11y-text-scale')).toBe('0.9');
    });
  });
});
