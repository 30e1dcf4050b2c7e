// The accessibility panel's hooks on their own: the settings (applied and kept for the tab) and
// putting the open panel away.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePanelDismiss } from '@/islands/a11y-panel/usePanelDismiss';
import { usePreferences } from '@/islands/a11y-panel/usePreferences';
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, applyPreferences } from '@/lib/page/a11y-preferences';

const root = document.documentElement;
const stored = () => JSON.parse(sessionStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  sessionStorage.clear();
  applyPreferences(root, { ...DEFAULT_PREFERENCES });
});
afterEach(() => sessionStorage.clear());

describe('usePreferences', () => {
  it('applies a change to <html> at once, keeps it for the tab and says what it was told to', () => {
    const { result } = renderHook(() => usePreferences());
    expect(result.current.prefs).toEqual(DEFAULT_PREFERENCES);
    act(() => result.current.update({ contrast: 'dark', textSize: 150 }));
    expect(result.current.prefs).toMatchObject({ contrast: 'dark', textSize: 150 });
    expect(root.dataset.contrast).toBe('dark');
    expect(stored()).toMatchObject({ contrast: 'dark', textSize: 150 });
    expect(result.current.status).toBe('');
    act(() => result.current.update(DEFAULT_PREFERENCES, 'Settings reset to defaults'));
    expect(result.current.status).toBe('Settings reset to defaults');
    expect(root.dataset.contrast).toBe('normal');
  });

  it('keeps values within their limits', () => {
    const { result } = renderHook(() => usePreferences());
    act(() => result.current.update({ textSize: 10_000 }));
    expect(result.current.prefs.textSize).toBeLessThan(10_000);
  });

  it('reads the settings stored in this tab again, clearing the status', () => {
    const { result } = renderHook(() => usePreferences());
    act(() => result.current.update({}, 'Settings reset to defaults'));
    sessionStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ ...DEFAULT_PREFERENCES, reduceMotion: true }),
    );
    act(() => result.current.reload());
    expect(result.current.prefs.reduceMotion).toBe(true);
    expect(result.current.status).toBe('');
  });
});

describe('usePanelDismiss', () => {
  function widget() {
    const container = document.createElement('aside');
    const panel = document.createElement('div');
    const title = document.createElement('h2');
    title.tabIndex = -1;
    const first = document.createElement('input');
    const toggle = document.createElement('button');
    panel.append(title, first);
    container.append(panel, toggle);
    const outside = document.createElement('button');
    document.body.append(container, outside);
    const parts = {
      container: { current: container },
      panel: { current: panel },
      toggle: { current: toggle },
      firstControl: { current: first },
      title: { current: title },
    };
    return {
      parts,
      first,
      title,
      panel,
      toggle,
      outside,
      remove: () => (container.remove(), outside.remove()),
    };
  }

  it('focuses the title instead when the first control lies below the panel’s fold', () => {
    const { parts, first, title, panel, remove } = widget();
    // A short window: the panel shows 100 px, its first slider starts further down.
    vi.spyOn(panel, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ y: 0, height: 100 }));
    vi.spyOn(first, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ y: 120, height: 30 }));
    renderHook(() => usePanelDismiss(true, vi.fn(), parts));
    expect(title).toHaveFocus();
    remove();
  });

  it('focuses the first control on opening; Escape inside closes and returns focus to the button', () => {
    const { parts, first, toggle, remove } = widget();
    const close = vi.fn();
    renderHook(() => usePanelDismiss(true, close, parts));
    expect(first).toHaveFocus();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    first.dispatchEvent(escape);
    expect(close).toHaveBeenCalledTimes(1);
    expect(escape.defaultPrevented).toBe(true);
    expect(toggle).toHaveFocus();
    remove();
  });

  it('closes on a click or focus outside, leaving focus there, and ignores Escape from elsewhere', () => {
    const { parts, first, outside, remove } = widget();
    const close = vi.fn();
    renderHook(() => usePanelDismiss(true, close, parts));
    first.click();
    expect(close).not.toHaveBeenCalled();
    outside.focus();
    outside.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(close).toHaveBeenCalledTimes(1); // the focus moving out, not the Escape
    outside.click();
    expect(close).toHaveBeenCalledTimes(2);
    expect(outside).toHaveFocus();
    remove();
  });

  it('listens only while the panel is open', () => {
    const { parts, outside, remove } = widget();
    const close = vi.fn();
    const { rerender } = renderHook(({ open }) => usePanelDismiss(open, close, parts), {
      initialProps: { open: false },
    });
    outside.click();
    rerender({ open: true });
    rerender({ open: false });
    outside.click();
    expect(close).not.toHaveBeenCalled();
    remove();
  });
});
