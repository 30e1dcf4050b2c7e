// A fixed-window counter per key (a visitor's address, a recipient): in memory, so per server
// process. Enough for one `npm start` process; on Netlify each function instance counts on its own
// (docs/deployment.md, "Forms and e-mail").

export interface RateLimit {
  /**
   * Counts one attempt for `key`; false when the key is over its limit for the current window, or
   * when the table is full of live windows and `key` has none (a new key waits; a live one is kept).
   */
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
  /**
   * Bounds the memory a flood of distinct keys can take. Only ended windows are ever dropped: a
   * flood can make new keys wait until windows end, never reset a counter that is still running.
   */
  maxKeys?: number;
}): RateLimit {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || time - entry.start >= windowMs) {
        windows.delete(key); // re-inserted last: the map stays ordered oldest first
        for (const [oldKey, old] of windows) {
          if (time - old.start < windowMs) break; // the rest started later: all still live
          windows.delete(oldKey);
        }
        if (windows.size >= maxKeys) return false;
        entry = { start: time, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}

/**
 * The key for a recipient's address: what reaches the same mailbox counts once. Case is ignored
 * (in practice every provider does), and so is a `+tag` in the local part, which most providers
 * deliver to the untagged mailbox (victim+1@ and victim+2@ are one victim).
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  return `${plus === -1 ? local : local.slice(0, plus)}@${domain}`;
}
