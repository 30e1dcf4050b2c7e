// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MANIFEST_PATH } from '@/lib/offline';
import { linkAppManifest, linkAppManifestAfterPaint } from '@/scripts/app-manifest';

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

describe('linkAppManifestAfterPaint', () => {
  it('waits for two animation frames after the page has loaded', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    linkAppManifestAfterPaint(); // jsdom's document has finished loading
    expect(manifestLinks()).toHaveLength(0);
    frames.shift()!(0);
    expect(manifestLinks()).toHaveLength(0); // the frame that paints the page
    frames.shift()!(0);
    expect(manifestLinks()).toHaveLength(1);
  });

  it('while the page is loading, waits for its load event first', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    linkAppManifestAfterPaint();
    expect(frames).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    frames.shift()!(0);
    frames.shift()!(0);
    expect(manifestLinks()).toHaveLength(1);
  });
});
