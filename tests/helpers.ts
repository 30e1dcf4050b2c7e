// Small stand-ins shared by the unit and component tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * Words the practice's copy does not use: promises of outcomes and overclaims ('cure', 'guarantee',
 * 'recovery', 'will improve', 'proven') and language that pities or labels people ('suffers from',
 * 'wheelchair-bound', 'special needs', 'normal children').
 */
export const UNWELCOME_WORDING =
  /\b(cure[sd]?|curing|guarantee[sd]?|recover(y|ed|s)?|suffer(s|ing)?|wheelchair-bound|confined to a wheelchair|high-functioning|low-functioning|special needs|afflicted|proven|miracle|life-changing|will (?:improve|fix|transform)|ensures? (?:your|that your|the person)|achieve independence|normal (?:child|children|kids?|people|person))\b/i;

/** Saying what ABA is not ('It is not a cure') is the opposite of a promise. */
export const withoutDenials = (text: string): string =>
  text.replace(/\bnot (?:a cure|an illness to be cured)\b/gi, '');

/** A JSON response, as the form services answer. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A promise the test settles when it chooses (to hold a request or a load mid-way). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/**
 * Runs `check` while reading `window[area]` throws, as when the browser blocks storage (a privacy
 * setting, a sandboxed frame), then gives the property back.
 */
export async function withStorageBlocked(
  area: 'localStorage' | 'sessionStorage',
  check: () => unknown,
): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(window, area)!;
  Object.defineProperty(window, area, {
    configurable: true,
    get() {
      throw new DOMException('blocked', 'SecurityError');
    },
  });
  try {
    await check();
  } finally {
    Object.defineProperty(window, area, original);
  }
}

/** A Storage on a Map, standing in for localStorage. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/**
 * A new folder under the system's temporary folder for the running test, removed when the test
 * ends, passed or failed: every run of the quick tests used to leave a few MB behind in /tmp.
 */
export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
