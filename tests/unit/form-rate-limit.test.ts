// The forms' rate limiter (server/form-handler/rate-limit.ts): a flood of other keys never resets a
// live counter, a recipient is one mailbox whatever case or +tag the address is written in, and an
// IPv6 visitor is one /64 network. Nothing is held after its window ends, even if no one posts again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientKey, createRateLimit, mailboxKey } from '../../server/form-handler/rate-limit';

describe('the rate limit', () => {
  it('a flood of other keys does not reset a live counter', () => {
    const clock = { now: 0 };
    const limit = createRateLimit({ limit: 2, windowMs: 60_000, now: () => clock.now, maxKeys: 100 });
    expect(limit.take('victim@example.com')).toBe(true);
    expect(limit.take('victim@example.com')).toBe(true);
    expect(limit.take('victim@example.com')).toBe(false);
    for (let i = 0; i < 1_000; i++) {
      clock.now += 1;
      limit.take(`flood-${i}@example.com`);
    }
    expect(limit.take('victim@example.com')).toBe(false);
  });

  it('when full of live windows, a new key waits until windows end', () => {
    const clock = { now: 0 };
    const limit = createRateLimit({ limit: 5, windowMs: 60_000, now: () => clock.now, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) expect(limit.take(key)).toBe(true);
    expect(limit.take('d')).toBe(false);
    expect(limit.take('a')).toBe(true); // the live ones still count
    clock.now += 60_000;
    expect(limit.take('d')).toBe(true);
    expect(limit.take('e')).toBe(true);
  });

  it('a key whose window ended starts again', () => {
    const clock = { now: 0 };
    const limit = createRateLimit({ limit: 1, windowMs: 1_000, now: () => clock.now });
    expect(limit.take('k')).toBe(true);
    expect(limit.take('k')).toBe(false);
    clock.now += 1_000;
    expect(limit.take('k')).toBe(true);
  });

  describe('on a quiet site', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    // The privacy page: the server counts each address "for a short time, in its memory only". The
    // last visitors' addresses were dropped only when someone posted again, which may be days later.
    it('forgets every address once its window ends, without a later post', () => {
      vi.useFakeTimers();
      const limit = createRateLimit({ limit: 8, windowMs: 15 * 60_000 });
      limit.take('203.0.113.7');
      vi.advanceTimersByTime(5 * 60_000);
      limit.take(mailboxKey('priya@example.com'));
      expect(limit.size()).toBe(2);
      vi.advanceTimersByTime(10 * 60_000);
      expect(limit.size()).toBe(1); // the first window ended; the second is still running
      vi.advanceTimersByTime(5 * 60_000);
      expect(limit.size()).toBe(0);
      expect(vi.getTimerCount()).toBe(0); // nothing left to count, nothing scheduled
    });

    it('keeps one timer however many addresses it counts', () => {
      vi.useFakeTimers();
      const limit = createRateLimit({ limit: 8, windowMs: 15 * 60_000 });
      for (let i = 0; i < 50; i++) {
        vi.advanceTimersByTime(1_000);
        limit.take(`203.0.113.${i}`);
      }
      expect(vi.getTimerCount()).toBe(1);
    });
  });
});

describe('mailboxKey', () => {
  it.each([
    ['Victim@Example.COM', 'victim@example.com'],
    ['victim+1@example.com', 'victim@example.com'],
    ['VICTIM+news+2@example.com', 'victim@example.com'],
    ['first.last@example.co.uk', 'first.last@example.co.uk'],
  ])('%s counts as %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });
});

describe('clientKey', () => {
  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '::1'],
    ['::ffff:c000:208', '::ffff:c000:208'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['unknown', 'unknown'],
    ['1:2::3::4', '1:2::3::4'],
    [' 203.0.113.5 ', '203.0.113.5'],
    // The '::' stands for as many zero groups as are missing: here one, so 1 is the fourth group.
    ['2001:db8::1:2:3:4:5', '2001:db8:0:1::/64'],
    // Not IPv6 addresses: counted as written, never as someone's /64.
    ['1:2:3', '1:2:3'],
    ['1:2:3:', '1:2:3:'],
    ['2001:db8g:1:2::1', '2001:db8g:1:2::1'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
