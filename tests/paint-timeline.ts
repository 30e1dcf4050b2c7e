// A stand-in for the browser around the inline scripts that wait for a page's largest paint
// (src/integrations/html/after-largest-paint.mjs), for the unit tests of the steps that write them.

/**
 * A browser's paint timeline for the inline scripts that wait for the largest paint
 * (src/integrations/html/after-largest-paint.mjs): run them, then move the page on step by step.
 */
export function fakePaintTimeline({ reportsLargestPaint = true, hash = '' } = {}) {
  let observer: ((list: { getEntries: () => unknown[] }) => void) | undefined;
  const listeners: Record<string, (() => void)[]> = {};
  const on = (name: string, listener: () => void) => (listeners[name] ??= []).push(listener);
  let timers: (() => void)[] = [];
  /** The types of the events the scripts dispatched on the window, in order. */
  const dispatched: string[] = [];
  const document = { readyState: 'loading', addEventListener: on };
  class FakeObserver {
    static supportedEntryTypes = reportsLargestPaint ? ['paint', 'largest-contentful-paint'] : ['paint'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  return {
    dispatched,
    /** An event on the window, as another script of the page dispatches it. */
    dispatch: (type: string) => {
      for (const listener of listeners[type] ?? []) listener();
    },
    run(script: string, extra: Record<string, unknown> = {}) {
      const doc = {
        ...document,
        createElement: () => ({}),
        documentElement: { setAttribute() {} },
        ...extra,
        addEventListener: on,
      };
      Object.defineProperty(doc, 'readyState', { get: () => document.readyState });
      new Function(
        'document',
        'addEventListener',
        'dispatchEvent',
        'location',
        'PerformanceObserver',
        'setTimeout',
        'requestAnimationFrame',
        script,
      )(
        doc,
        on,
        (event: { type: string }) => {
          dispatched.push(event.type);
          for (const listener of listeners[event.type] ?? []) listener();
        },
        { hash },
        FakeObserver,
        (callback: () => void) => timers.push(callback),
        (callback: () => void) => timers.push(callback),
      );
    },
    largestPaint: () => observer?.({ getEntries: () => [{}] }),
    parsed: () => {
      document.readyState = 'interactive';
      for (const listener of listeners.DOMContentLoaded ?? []) listener();
    },
    load: () => {
      document.readyState = 'complete';
      for (const listener of listeners.load ?? []) listener();
    },
    /** Runs every timer and frame callback due, and those they schedule. */
    flush: () => {
      while (timers.length) {
        const due = timers;
        timers = [];
        due.forEach((callback) => callback());
      }
    },
  };
}
