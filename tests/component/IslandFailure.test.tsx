// The notice under an island whose code could not be downloaded (src/browser/island-failure.ts): it
// blames the connection only when the code could not be reached, and asks for a reload when a deploy
// removed the code the page names (a static host keeps only the last build's files).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initIslandFailureNotice, ISLAND_FAILED_TEXT, ISLAND_GONE_TEXT } from '@/browser/island-failure';

const COMPONENT = '/_astro/ContactForm.Ab12Cd34.js';
const RENDERER = '/_astro/client.Ef56Gh78.js';

function failIsland() {
  document.body.innerHTML = `<astro-island id="island" component-url="${COMPONENT}" renderer-url="${RENDERER}"><button type="button">Send Message</button></astro-island>`;
  initIslandFailureNotice();
  document.getElementById('island')!.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('island-failure notice', () => {
  it('asks for a reload when the code the page names is no longer on the site', async () => {
    const fetch = vi.fn(async (url: string) => new Response(null, { status: url === COMPONENT ? 404 : 200 }));
    vi.stubGlobal('fetch', fetch);
    failIsland();
    expect(await screen.findByText(ISLAND_GONE_TEXT)).toHaveAttribute('role', 'alert');
    expect(fetch).toHaveBeenCalledWith(COMPONENT, { method: 'HEAD', cache: 'no-store' });
  });

  it('blames the connection when the code is there, or cannot be reached either', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    failIsland();
    expect(await screen.findByText(ISLAND_FAILED_TEXT)).toBeVisible();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    failIsland();
    expect(await screen.findByText(ISLAND_FAILED_TEXT)).toBeVisible();
  });

  it('checks again and says it again when a later press fails too, in the same notice', async () => {
    let status = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status })),
    );
    failIsland();
    expect(await screen.findByText(ISLAND_FAILED_TEXT)).toBeVisible();
    // The next press: the code is asked for again, and this time a deploy has removed it.
    status = 404;
    document.getElementById('island')!.dispatchEvent(new Event('astro:hydration-error', { bubbles: true }));
    expect(await screen.findByText(ISLAND_GONE_TEXT)).toHaveAttribute('role', 'alert');
    expect(document.querySelectorAll('.island-failed')).toHaveLength(1);
  });

  it('asks nothing of the site while the browser is offline', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    failIsland();
    expect(await screen.findByText(ISLAND_FAILED_TEXT)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
