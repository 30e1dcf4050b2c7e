import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import interact from '@/directives/interact';
import { useHydrationSignal } from '@/islands/shared/use-hydration-signal';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT, signalHydrated } from '@/lib/page/hydration-signal';

function Island() {
  const ref = useRef<HTMLButtonElement>(null);
  useHydrationSignal(ref);
  return (
    <button type="button" ref={ref}>
      Menu
    </button>
  );
}

describe('useHydrationSignal', () => {
  it('marks its <astro-island> once React has committed, with one event', () => {
    const island = document.body.appendChild(document.createElement('astro-island'));
    const heard = vi.fn();
    island.addEventListener(HYDRATED_EVENT, heard);
    render(<Island />, { container: island });
    expect(island).toHaveAttribute(HYDRATED_ATTRIBUTE);
    expect(heard).toHaveBeenCalledOnce();
    signalHydrated(island.querySelector('button')); // a second signal changes nothing
    expect(heard).toHaveBeenCalledOnce();
  });

  it('does nothing outside an island', () => {
    const { container } = render(<Island />);
    expect(container.closest(`[${HYDRATED_ATTRIBUTE}]`)).toBeNull();
  });
});

describe('client:interact replays a held press once the island signals', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function setUp() {
    const island = document.body.appendChild(document.createElement('astro-island'));
    island.innerHTML = '<div><button type="button">Menu</button></div>';
    const pressed = vi.fn();
    let hydrated!: () => void;
    const hydrating = new Promise<void>((resolve) => (hydrated = resolve));
    // What Astro's loader hands the directive: hydrate() resolves before React's handlers attach.
    const load = vi.fn(async () => async () => {
      await hydrating;
      island.querySelector('button')!.addEventListener('click', pressed);
    });
    interact(load, { name: 'interact', value: '' }, island);
    return { island, button: island.querySelector('button')!, pressed, load, hydrated };
  }

  it('holds a click made before hydration and replays it only after the signal', async () => {
    const { island, button, pressed, load, hydrated } = setUp();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(load).toHaveBeenCalledOnce();
    const listening = vi.spyOn(island, 'addEventListener');
    hydrated();
    // hydrate() has resolved and the directive now waits for the island's own word.
    await vi.waitFor(() => expect(listening).toHaveBeenCalledWith(HYDRATED_EVENT, expect.any(Function)));
    expect(pressed).not.toHaveBeenCalled();
    signalHydrated(button);
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledOnce(), { timeout: 500 });
    expect(island).toHaveAttribute(HYDRATED_ATTRIBUTE);
  });

  it('lets clicks through untouched once the island has signalled', async () => {
    const { button, pressed, hydrated } = setUp();
    button.dispatchEvent(new Event('pointerover', { bubbles: true }));
    hydrated();
    await new Promise((resolve) => setTimeout(resolve, 0));
    signalHydrated(button);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(pressed).toHaveBeenCalledOnce();
  });
});
