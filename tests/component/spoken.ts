// What a screen-reader user hears, for the spoken-output tests (issue 31; docs/development.md,
// "Spoken-output tests"). @guidepup/virtual-screen-reader builds its speech from the accessibility
// tree as Testing Library computes it (role, name, description, states), follows focus and records
// each live-region announcement ("polite: …", "assertive: …"). A test compares the whole list heard
// since the last look with toEqual, so a missing announcement and one that comes twice both fail.
import { virtual } from '@guidepup/virtual-screen-reader';
import { waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

let started = false;
let seen = 0;

/**
 * The log without the announcements of emptied regions ("polite: "): a region that empties says
 * nothing a user hears (the virtual screen reader logs it as an empty phrase).
 */
async function spoken(): Promise<string[]> {
  return (await virtual.spokenPhraseLog()).filter((phrase) => !/^(polite|assertive): $/.test(phrase));
}

/** Starts listening to the whole document; stopped after each test. */
export async function listen(): Promise<void> {
  await virtual.start({ container: document.body });
  started = true;
  seen = (await spoken()).length;
}

afterEach(async () => {
  if (!started) return;
  started = false;
  await virtual.stop();
});

/** Everything said since the previous call (or since `listen`), in order. */
export async function heard(): Promise<string[]> {
  const log = await spoken();
  const fresh = log.slice(seen);
  seen = log.length;
  return fresh;
}

/**
 * Waits until the user has heard exactly `expected` since the last look, then checks that nothing
 * else follows once queued focus and mutation handling has run: an announcement missing, out of
 * order or said twice fails (with the list heard in the message).
 */
export async function expectHeard(expected: string[]): Promise<void> {
  const start = seen;
  const fresh = async () => (await spoken()).slice(start);
  await waitFor(async () => expect(await fresh()).toEqual(expected), {
    timeout: 2000,
    onTimeout: (error) => error, // the list heard, without a dump of the whole page
  });
  await new Promise((resolve) => setTimeout(resolve, 0)); // one turn for a second copy to arrive
  expect(await heard()).toEqual(expected);
}
