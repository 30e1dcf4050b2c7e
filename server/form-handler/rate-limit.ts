// A fixed-window counter per key (a visitor's address, a recipient): in memory, so per server
// process. Enough for one `npm start` process; on Netlify each function instance counts on its own
// (docs/deployment.md, "Forms and e-mail").

export interface RateLimit {
  /**
   * Counts one attempt for `key`; false when the key is over its limit for the current window, or
   * when the table is full of live windows and `key` has none (a new key waits; a live one is kept).
   */
  take(key: string): boolean;
  /** How many keys (visitors' addresses, recipients' mailboxes) the table holds now. */
  size(): number;
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
  /** Drops the ended windows; the map is ordered oldest first, so the first live one ends the walk. */
  const forgetEnded = (time: number) => {
    for (const [oldKey, old] of windows) {
      if (time - old.start < windowMs) break; // the rest started later: all still live
      windows.delete(oldKey);
    }
  };
  // A window that ended is forgotten when the next one starts, and at the latest by this timer: on a
  // quiet site no next one may come for days, and the table would hold the last visitors' addresses
  // all that time, where the privacy page says the server counts them "for a short time".
  let sweep: ReturnType<typeof setTimeout> | undefined;
  const sweepLater = () => {
    const oldest = windows.values().next().value;
    if (sweep !== undefined || oldest === undefined) return;
    const wait = Math.max(1_000, oldest.start + windowMs - now());
    sweep = setTimeout(() => {
      sweep = undefined;
      forgetEnded(now());
      sweepLater();
    }, wait);
    sweep.unref?.(); // never keeps a stopping server (or a test run) alive
  };
  return {
    take(key) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || time - entry.start >= windowMs) {
        windows.delete(key); // re-inserted last: the map stays ordered oldest first
        forgetEnded(time);
        if (windows.size >= maxKeys) return false;
        entry = { start: time, count: 0 };
        windows.set(key, entry);
        sweepLater();
      }
      entry.count += 1;
      return entry.count <= limit;
    },
    size: () => windows.size,
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

/**
 * The key for a visitor's address. An IPv6 address counts by its /64 network: that is what one home
 * or one rented server is given, and a machine can send each request from another of its 2^64
 * addresses (one machine then filled the table of 10,000 and stopped the forms for everyone). An
 * IPv4 address, also written as ::ffff:a.b.c.d, counts as itself; anything else as it is written.
 */
export function clientKey(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, ''); // without a zone (fe80::1%eth0)
  if (!ip.includes(':')) return ip;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/.test(ip)) return ip.slice('::ffff:'.length);
  const halves = ip.split('::');
  if (halves.length > 2 || !/^[\da-f:.]+$/.test(ip)) return ip;
  const [left, right] = halves.map((half) => (half ? half.split(':') : []));
  const missing = 8 - left!.length - (right?.length ?? 0);
  const groups = right ? [...left!, ...Array<string>(Math.max(0, missing)).fill('0'), ...right] : left!;
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  // A network of zeros holds ::1 and IPv4 written in hex (::ffff:c000:208): no one's /64.
  const usable = network.length === 4 && !network.includes('NaN') && network.some((group) => group !== '0');
  return usable ? `${network.join(':')}::/64` : ip;
}
