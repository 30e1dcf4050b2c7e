// A fixed-window counter per key (a visitor's address, a recipient): in memory, so per server
// process. Enough for one `npm start` process; on Netlify each function instance counts on its own
// (docs/deployment.md, "Forms and e-mail").

export interface RateLimit {
  /** Counts one attempt for `key`; false when the key is over its limit for the current window. */
  take(key: string): boolean;
}

export function createRateLimit({
  limit,
  windowMs,
  now = Date.now,
  maxKeys = 10_000,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Bounds the memory a flood of distinct keys can take; the oldest windows go first. */
  maxKeys?: number;
}): RateLimit {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || time - entry.start >= windowMs) {
        windows.delete(key); // re-inserted last: the map stays ordered oldest first
        entry = { start: time, count: 0 };
        windows.set(key, entry);
        for (const [oldKey, old] of windows) {
          if (windows.size <= maxKeys && time - old.start < windowMs) break;
          windows.delete(oldKey);
        }
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}
