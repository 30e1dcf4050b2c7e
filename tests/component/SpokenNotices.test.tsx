// What a screen-reader user hears when a new version of the site is ready (the update prompt) and
// when part of a page could not load offline (the island-failure notice): said once, and focus
// stays where the visitor is (issue 31). See spoken.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initIslandFailureNotice } from '@/browser/island-failure';
import { askToReload } from '@/browser/update-prompt';
import { expectHeard, listen } from './spoken';

/** The prompt's markup as the layout has it: UpdatePrompt.astro without its frontmatter. */
const promptMarkup = readFileSync(resolve('src/components/layout/UpdatePrompt.astro'), 'utf8').replace(
  /^---[\s\S]*?---/,
  '',
);

function page(html: string) {
  document.body.innerHTML = `<main id="main-content" tabindex="-1"><form><label>Message <textarea name="message"></textarea></label></form><button type="button">Before</button></main>${html}`;
}

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('update prompt, heard', () => {
  beforeEach(() => page(promptMarkup));

  it('is said once, politely, and leaves focus where it was', async () => {
    const user = userEvent.setup();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await listen();
    askToReload(new EventTarget() as ServiceWorker);
    await expectHeard(['polite: A new version of this site is ready. Reload to see it? Reload Not now']);
    expect(before).toHaveFocus();
    await user.tab();
    await expectHeard(['button, Reload']);
  });
});

describe('island-failure notice, heard', () => {
  it('is said once, at once, without moving focus', async () => {
    page('<astro-island id="island"><button type="button">Send Message</button></astro-island>');
    initIslandFailureNotice();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await listen();
    document.getElementById('island')!.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
    document.getElementById('island')!.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
    await expectHeard([
      'assertive: This part of the page could not load. Please check your connection and try again. Nothing you typed is lost.',
    ]);
    expect(before).toHaveFocus();
  });

  it('is said again when a later press fails too, from the same notice', async () => {
    page('<astro-island id="island"><button type="button">Send Message</button></astro-island>');
    initIslandFailureNotice();
    await listen();
    const failed = () =>
      document.getElementById('island')!.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
    const said =
      'assertive: This part of the page could not load. Please check your connection and try again. Nothing you typed is lost.';
    failed();
    await expectHeard([said]);
    failed();
    await expectHeard([said]);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
