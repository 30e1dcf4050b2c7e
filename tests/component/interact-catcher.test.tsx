import { afterEach, describe, expect, it, vi } from 'vitest';
import interact from '@/directives/interact';
import { signalHydrated } from '@/lib/page/hydration-signal';
import { ISLAND_RUNTIME_FAILED_EVENT, ISLANDS_WANTED_EVENT } from '@/lib/page/island-runtime.mjs';

// The interact directive's catcher (decision 0048): on the public pages Astro's island runtime is a
// file started after the largest paint, and until it calls the directive for an island, presses on
// that island are held here, the page's scripts are asked for, and what was held goes to the
// directive, or is released as a failed island's press is when the runtime cannot be loaded.

function island(html: string) {
  const element = document.body.appendChild(document.createElement('astro-island'));
  element.setAttribute('client', 'interact');
  element.innerHTML = html;
  return element;
}

/** What the runtime hands the directive: hydrate() attaches `onClick` to the island's first button. */
function loader(element: Element, onClick: () => void) {
  return vi.fn(async () => async () => {
    element.querySelector('button')!.addEventListener('click', onClick);
    signalHydrated(element);
  });
}

const press = (target: Element) => {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(click);
  return click;
};

describe('client:interact before the island runtime has run', () => {
  const wanted = vi.fn();
  window.addEventListener(ISLANDS_WANTED_EVENT, wanted);

  afterEach(() => {
    document.body.innerHTML = '';
    wanted.mockClear();
  });

  it('holds a press, asks for the scripts at once, and replays the press once the runtime hands the island over', async () => {
    const element = island('<button type="button">Menu</button>');
    const pressed = vi.fn();
    const click = press(element.querySelector('button')!);
    expect(click.defaultPrevented).toBe(true);
    expect(wanted).toHaveBeenCalledOnce();
    expect(pressed).not.toHaveBeenCalled();

    const load = loader(element, pressed);
    interact(load, { name: 'interact', value: '' }, element);
    expect(load).toHaveBeenCalledOnce(); // wanted before: hydrated at once
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledOnce());
  });

  it('asks for the scripts on intent too, once, and hydrates the island as soon as it is handed over', () => {
    const element = island('<input type="search" aria-label="Search">');
    element.querySelector('input')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(wanted).toHaveBeenCalledOnce();
    element.dispatchEvent(new Event('pointerover', { bubbles: true })); // asked for once
    expect(wanted).toHaveBeenCalledOnce();
    const load = loader(element, () => {});
    interact(load, { name: 'interact', value: '' }, element);
    expect(load).toHaveBeenCalledOnce();
  });

  it('leaves an island alone once the runtime has handed it over, and other islands always', () => {
    const handed = island('<button type="button">Menu</button>');
    const load = loader(handed, () => {});
    interact(load, { name: 'interact', value: '' }, handed);
    const other = document.body.appendChild(document.createElement('astro-island'));
    other.setAttribute('client', 'browser-posts');
    other.innerHTML = '<button type="button">Posts</button>';
    expect(press(other.querySelector('button')!).defaultPrevented).toBe(false);
    expect(wanted).not.toHaveBeenCalled();
    handed.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(wanted).not.toHaveBeenCalled();
  });

  it('turns native validation off before a form can be sent, so an early press never gets a browser bubble', () => {
    const element = island('<form><input required><button type="submit">Send</button></form>');
    const form = element.querySelector('form')!;
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(form.noValidate).toBe(true);
    form.noValidate = false;
    expect(press(element.querySelector('button')!).defaultPrevented).toBe(false); // the submit is held instead
    expect(form.noValidate).toBe(true);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('when the runtime cannot be loaded: a checkbox still changes, a stand-in takes focus, the island says so, and only a press asks again', () => {
    const standIn = document.body.appendChild(document.createElement('nav'));
    standIn.id = 'footer-pages';
    const element = island(
      '<label><input type="checkbox"> Larger text</label>' +
        '<button type="button" data-fallback-target="footer-pages">Menu</button>',
    );
    const failed = vi.fn();
    element.addEventListener('astro:hydration-error', failed);
    const checkbox = element.querySelector('input')!;
    expect(press(checkbox).defaultPrevented).toBe(true);
    expect(press(element.querySelector('button')!).defaultPrevented).toBe(true);
    expect(checkbox.checked).toBe(false);

    window.dispatchEvent(new Event(ISLAND_RUNTIME_FAILED_EVENT));
    expect(checkbox.checked).toBe(true);
    expect(document.activeElement).toBe(standIn);
    expect(failed).toHaveBeenCalledOnce();

    wanted.mockClear();
    element.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(wanted).not.toHaveBeenCalled();
    press(element.querySelector('button')!);
    expect(wanted).toHaveBeenCalledOnce();
    // Asked for by that press: hovering again adds nothing.
    element.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(wanted).toHaveBeenCalledOnce();
  });
});
