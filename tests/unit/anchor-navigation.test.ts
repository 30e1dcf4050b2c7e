// @vitest-environment jsdom
// The page-behaviour scripts of src/browser: anchor navigation first, then the header scroll state,
// reveal on scroll and the copyright year.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anchorActionFor,
  initAnchorNavigation,
  isHomePath,
  runScrollPlan,
} from '@/browser/anchor-navigation';
import { planAnchorScroll } from '@/lib/page/anchor-scroll';
import { showCurrentYear } from '@/browser/current-year';
import { initHeaderScroll } from '@/browser/header-scroll';
import { REVEAL_STAGGER_MS, REVEAL_THRESHOLD, initReveal, staggerRevealGroups } from '@/browser/reveal';

const home = new URL('https://example.org/');

describe('anchorActionFor', () => {
  it('scrolls in place for section links and Home on the home page', () => {
    expect(anchorActionFor('/#services', home)).toEqual({ kind: 'section', target: 'services' });
    expect(anchorActionFor('#contact', home)).toEqual({ kind: 'section', target: 'contact' });
    expect(anchorActionFor('https://example.org/#team', home)).toEqual({ kind: 'section', target: 'team' });
    expect(anchorActionFor('/', home)).toEqual({ kind: 'top' });
    expect(anchorActionFor('/index.html', new URL('https://example.org/index.html'))).toEqual({
      kind: 'top',
    });
  });

  it('leaves other links to the browser', () => {
    expect(anchorActionFor('/training', home)).toBeNull();
    expect(anchorActionFor('#main-content', home)).toBeNull(); // the skip link
    expect(anchorActionFor('/#nowhere', home)).toBeNull();
    expect(anchorActionFor('https://elsewhere.example/#team', home)).toBeNull();
    expect(anchorActionFor('/?ref=x#team', home)).toBeNull();
    expect(anchorActionFor('mailto:someone@example.org', home)).toBeNull();
  });

  it('lets a section link on another page navigate home natively', () => {
    expect(anchorActionFor('/#team', new URL('https://example.org/training'))).toBeNull();
    expect(anchorActionFor('/', new URL('https://example.org/blog/a-post'))).toBeNull();
  });

  it('knows the home page by its paths', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/index.html')).toBe(true);
    expect(isHomePath('/training')).toBe(false);
  });
});

describe('scrolling and focus in the page', () => {
  const scrolls: { id: string; behavior: ScrollBehavior | undefined }[] = [];
  const scrollTo = vi.fn();

  beforeAll(() => {
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolls.push({ id: this.id, behavior: typeof options === 'object' ? options.behavior : undefined });
    };
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    initAnchorNavigation();
  });

  beforeEach(() => {
    vi.useFakeTimers();
    scrolls.length = 0;
    scrollTo.mockClear();
    history.replaceState(null, '', '/');
    document.documentElement.removeAttribute('data-reduce-motion');
    document.body.innerHTML = `
      <header><a id="home-link" href="/">Home</a><a id="team-link" href="/#team">Team</a>
        <a id="contact-link" href="/#contact">Contact</a><a id="blog-link" href="/#blog">Blog</a>
        <a id="skip" href="#main-content">Skip</a></header>
      <main id="main-content" tabindex="-1">
        <section id="team"><h2>Team</h2></section>
        <section id="contact"><form><input id="contact-name"></form></section>
        <section id="blog"><h2>Latest Insights</h2></section>
      </main>`;
  });

  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  // Whether the page script took the click over; the browser's own navigation (which jsdom cannot
  // do) is then stopped at the window, after the script's document listener has run.
  let preventedByPage = false;
  const recordAndStop = (event: Event) => {
    preventedByPage = event.defaultPrevented;
    event.preventDefault();
  };
  beforeAll(() => window.addEventListener('click', recordAndStop));
  const click = (id: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    document.getElementById(id)!.dispatchEvent(event);
    return { defaultPrevented: preventedByPage };
  };

  it('scrolls smoothly to a section, updates the hash and focuses the section', () => {
    const event = click('team-link');
    expect(event.defaultPrevented).toBe(true);
    expect(location.hash).toBe('#team');
    vi.advanceTimersByTime(0);
    expect(scrolls).toEqual([{ id: 'team', behavior: 'smooth' }]);
    vi.advanceTimersByTime(200); // the smooth scroll comes to rest
    const team = document.getElementById('team')!;
    expect(team).toHaveProperty('tabIndex', -1);
    expect(document.activeElement).toBe(team);
  });

  it('focuses the contact form’s first input after scrolling to contact', () => {
    click('contact-link');
    vi.advanceTimersByTime(0);
    expect(scrolls.map((s) => s.id)).toEqual(['contact']);
    expect(document.activeElement).not.toBe(document.getElementById('contact-name'));
    vi.advanceTimersByTime(200);
    expect(document.activeElement).toBe(document.getElementById('contact-name'));
  });

  it('scrolls to the blog, then again after ~800 ms', () => {
    click('blog-link');
    vi.advanceTimersByTime(0);
    expect(scrolls.map((s) => s.id)).toEqual(['blog']);
    vi.advanceTimersByTime(799);
    expect(scrolls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(scrolls.map((s) => s.id)).toEqual(['blog', 'blog']);
  });

  it('stops a pending second scroll when the visitor takes over', () => {
    click('blog-link');
    vi.advanceTimersByTime(0);
    window.dispatchEvent(new Event('wheel'));
    vi.advanceTimersByTime(2000);
    expect(scrolls).toHaveLength(1);
  });

  it('scrolls Home to the top without reloading', () => {
    history.replaceState(null, '', '/#team');
    const event = click('home-link');
    expect(event.defaultPrevented).toBe(true);
    expect(location.hash).toBe('');
    vi.advanceTimersByTime(200);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement).toBe(document.getElementById('main-content'));
  });

  it('jumps instead of gliding when the visitor asked for less motion', () => {
    document.documentElement.setAttribute('data-reduce-motion', '');
    click('team-link');
    vi.advanceTimersByTime(0);
    expect(scrolls).toEqual([{ id: 'team', behavior: 'instant' }]);
    expect(document.activeElement).toBe(document.getElementById('team'));
  });

  it('leaves the skip link, modified clicks and other pages to the browser', () => {
    expect(click('skip').defaultPrevented).toBe(false);
    expect(click('team-link', { ctrlKey: true }).defaultPrevented).toBe(false);
    history.replaceState(null, '', '/training');
    expect(click('team-link').defaultPrevented).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(scrolls).toEqual([]);
  });

  it('runs a plan from another route after its ~100 ms delay', () => {
    runScrollPlan(planAnchorScroll('contact', true));
    vi.advanceTimersByTime(99);
    expect(scrolls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(scrolls.map((s) => s.id)).toEqual(['contact']);
  });
});

describe('current year', () => {
  it("replaces the build year with the visitor's year", () => {
    document.body.innerHTML = '<p>&copy; <span data-current-year>2020</span> Practice</p>';
    showCurrentYear(document, new Date(2031, 5, 1));
    expect(document.querySelector('[data-current-year]')!.textContent).toBe('2031');
  });
});

describe('header scroll state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks the header scrolled once the page moves, and clears it at the top', () => {
    document.body.innerHTML = '<header data-site-header></header>';
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    const header = document.querySelector<HTMLElement>('[data-site-header]')!;
    initHeaderScroll(header);
    expect(header.hasAttribute('data-scrolled')).toBe(false);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    window.dispatchEvent(new Event('scroll'));
    expect(header.hasAttribute('data-scrolled')).toBe(true);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    window.dispatchEvent(new Event('scroll'));
    expect(header.hasAttribute('data-scrolled')).toBe(false);
  });

  it('stays fixed while it takes a fifth of the window or less, and scrolls away when taller', () => {
    document.body.innerHTML = '<header data-site-header></header>';
    const header = document.querySelector<HTMLElement>('[data-site-header]')!;
    const root = document.documentElement.style;
    let height = 60;
    Object.defineProperty(header, 'offsetHeight', { configurable: true, get: () => height });
    vi.stubGlobal('innerHeight', 640);
    initHeaderScroll(header);
    expect(header.hasAttribute('data-static')).toBe(false);
    expect(root.getPropertyValue('--header-height')).toBe('60px');
    // Large text on a phone: the header wraps to two rows, 160 px of a 640 px window.
    height = 160;
    window.dispatchEvent(new Event('resize'));
    expect(header.hasAttribute('data-static')).toBe(true);
    expect(root.getPropertyValue('--header-height')).toBe('0px');
    height = 128; // exactly a fifth: still fixed
    window.dispatchEvent(new Event('resize'));
    expect(header.hasAttribute('data-static')).toBe(false);
    expect(root.getPropertyValue('--header-height')).toBe('128px');
  });

  it('measures nothing while the page script runs, only when its resize observer is first called, after the first layout', () => {
    document.body.innerHTML = '<header data-site-header></header>';
    const header = document.querySelector<HTMLElement>('[data-site-header]')!;
    const root = document.documentElement.style;
    root.removeProperty('--header-height');
    const measured = vi.fn(() => 160);
    Object.defineProperty(header, 'offsetHeight', { configurable: true, get: measured });
    const scrolled = vi.fn(() => 300);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: scrolled });
    vi.stubGlobal('innerHeight', 640);
    let firstLayout: ResizeObserverCallback = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          firstLayout = callback;
        }
        observe() {}
      },
    );
    initHeaderScroll(header);
    expect(measured).not.toHaveBeenCalled();
    expect(scrolled).not.toHaveBeenCalled();
    expect(root.getPropertyValue('--header-height')).toBe('');
    firstLayout([], {} as ResizeObserver);
    expect(header.hasAttribute('data-static')).toBe(true);
    expect(root.getPropertyValue('--header-height')).toBe('0px');
    expect(header.hasAttribute('data-scrolled')).toBe(true);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});

describe('reveal on scroll', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('staggers the items of a group by 150 ms', () => {
    document.body.innerHTML = `
      <div data-reveal-group><div data-reveal></div><div data-reveal></div><div data-reveal></div></div>`;
    staggerRevealGroups(document);
    const delays = [...document.querySelectorAll<HTMLElement>('[data-reveal]')].map((el) =>
      el.style.getPropertyValue('--reveal-delay'),
    );
    expect(delays).toEqual(['0ms', '150ms', '300ms']);
    expect(REVEAL_STAGGER_MS).toBe(150);
  });

  /** A stand-in IntersectionObserver: what initReveal gave it, and its calls as the browser makes them. */
  function observerStandIn() {
    const seen = {
      callback: (() => {}) as IntersectionObserverCallback,
      options: undefined as IntersectionObserverInit | undefined,
      observed: [] as Element[],
      unobserve: vi.fn(),
    };
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          seen.callback = callback;
          seen.options = options;
        }
        observe(item: Element) {
          seen.observed.push(item);
        }
        unobserve = seen.unobserve;
      },
    );
    /** One call with these entries, in a window 800 px high. */
    const report = (entries: { target: Element; isIntersecting: boolean; height: number }[]) =>
      seen.callback(
        entries.map(({ target, isIntersecting, height }) => ({
          target,
          isIntersecting,
          rootBounds: { height: 800 },
          boundingClientRect: { height },
        })) as unknown as IntersectionObserverEntry[],
        {} as IntersectionObserver,
      );
    return { seen, report };
  }

  it('reveals an element once 10 % of it is visible, then stops watching it', () => {
    document.body.innerHTML = '<section data-reveal id="a"></section><section data-reveal id="b"></section>';
    const { seen, report } = observerStandIn();
    initReveal(document);
    expect(seen.options?.threshold).toBe(REVEAL_THRESHOLD);
    expect(REVEAL_THRESHOLD).toBe(0.1);
    const a = document.getElementById('a')!;
    const b = document.getElementById('b')!;
    report([
      { target: a, isIntersecting: true, height: 400 },
      { target: b, isIntersecting: false, height: 400 },
    ]);
    expect(a.hasAttribute('data-revealed')).toBe(true);
    expect(b.hasAttribute('data-revealed')).toBe(false);
    expect(seen.unobserve).toHaveBeenCalledWith(a);
  });

  it('shows at once an element too tall ever to be 10 % visible, measured by the observer, not by the script', () => {
    document.body.innerHTML =
      '<section data-reveal id="tall"></section><section data-reveal id="short"></section>';
    const tall = document.getElementById('tall')!;
    const short = document.getElementById('short')!;
    // A read of the element's size while the page's script runs would lay the page out once more.
    const measured = vi.fn(() => 0);
    for (const item of [tall, short])
      Object.defineProperty(item, 'offsetHeight', { configurable: true, get: measured });
    const { seen, report } = observerStandIn();
    initReveal(document);
    expect(measured).not.toHaveBeenCalled();
    expect(seen.observed).toEqual([tall, short]);
    report([
      // Ten windows and a pixel: 10 % of it is more than the window.
      { target: tall, isIntersecting: false, height: 8001 },
      { target: short, isIntersecting: false, height: 8000 },
    ]);
    expect(tall.hasAttribute('data-revealed')).toBe(true);
    expect(short.hasAttribute('data-revealed')).toBe(false);
  });

  it('shows everything when IntersectionObserver is missing', () => {
    document.body.innerHTML = '<section data-reveal></section>';
    vi.stubGlobal('IntersectionObserver', undefined);
    initReveal(document);
    expect(document.querySelector('[data-reveal]')!.hasAttribute('data-revealed')).toBe(true);
  });
});
