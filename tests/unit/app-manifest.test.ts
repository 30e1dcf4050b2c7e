// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MANIFEST_PATH } from '@/lib/site/offline';
import { MANIFEST_DELAY_MS, linkAppManifest, linkAppManifestAfterLoad } from '@/browser/app-manifest';

const manifestLinks = () => document.head.querySelectorAll('link[rel="manifest"]');

afterEach(() => {
  for (const link of manifestLinks()) link.remove();
  vi.restoreAllMocks();
});

describe('linkAppManifest', () => {
  it("links the build's manifest, fetched with the page's credentials (its own connection)", () => {
    linkAppManifest();
    const [link] = manifestLinks();
    expect(manifestLinks()).toHaveLength(1);
    expect(link!.getAttribute('href')).toBe(MANIFEST_PATH);
    expect(link!.getAttribute('crossorigin')).toBe('use-credentials');
  });

  it('links it once, however often it runs', () => {
    linkAppManifest();
    linkAppManifest();
    expect(manifestLinks()).toHaveLength(1);
  });
});

describe('linkAppManifestAfterLoad', () => {
  afterEach(() => void vi.useRealTimers());

  it('links it a moment after the page has loaded', () => {
    vi.useFakeTimers();
    linkAppManifestAfterLoad(); // jsdom's document has finished loading
    vi.advanceTimersByTime(MANIFEST_DELAY_MS - 1);
    expect(manifestLinks()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(manifestLinks()).toHaveLength(1);
  });

  it('while the page is loading, waits for its load event first', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    linkAppManifestAfterLoad();
    vi.advanceTimersByTime(MANIFEST_DELAY_MS * 5);
    expect(manifestLinks()).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(MANIFEST_DELAY_MS);
    expect(manifestLinks()).toHaveLength(1);
  });
});
