// @vitest-environment jsdom
// Offline reading keeps a post's pictures (docs/offline.md): which are fetched ahead, and when not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keepPostPictures as keepWithRules,
  mayKeepPictures,
  picturesToKeep,
  postPicturesScript,
} from '@/lib/page/post-pictures';

const keepPostPictures = () => keepWithRules({ may: mayKeepPictures, pick: picturesToKeep });

describe('mayKeepPictures', () => {
  it('fetches ahead only through a service worker, and never when the visitor saves data', () => {
    expect(mayKeepPictures(true, undefined)).toBe(true);
    expect(mayKeepPictures(true, false)).toBe(true);
    expect(mayKeepPictures(true, true)).toBe(false);
    expect(mayKeepPictures(false, undefined)).toBe(false);
    expect(mayKeepPictures(false, false)).toBe(false);
  });
});

describe('picturesToKeep', () => {
  const responsive = {
    src: '/_astro/a.H_1200.webp',
    srcset: '/_astro/a.H_400.webp 400w, /_astro/a.H_1200.webp 1200w',
    sizes: '(min-width: 48rem) 42rem, 92vw',
  };

  it('keeps what chooses the file (srcset and sizes), each picture once, in order', () => {
    const remote = { src: 'https://pictures.example.org/a.png', srcset: '', sizes: '' };
    expect(picturesToKeep([responsive, remote, { ...responsive }])).toEqual([responsive, remote]);
  });

  it('tells apart the same file shown at another size', () => {
    const wider = { ...responsive, sizes: '100vw' };
    expect(picturesToKeep([responsive, wider])).toEqual([responsive, wider]);
  });

  it('skips a picture without an address (the sanitiser removed one it refused)', () => {
    expect(picturesToKeep([{ src: '', srcset: '', sizes: '' }])).toEqual([]);
    const srcsetOnly = { src: '', srcset: '/_astro/a_400.webp 400w', sizes: '' };
    expect(picturesToKeep([srcsetOnly])).toEqual([srcsetOnly]);
  });
});

describe('keepPostPictures', () => {
  let copies: Record<string, string>[];

  beforeEach(() => {
    copies = [];
    // Records what each copy is given, in order: sizes and srcset must be set before src.
    class RecordingImage {
      readonly given: Record<string, string> = {};
      constructor() {
        copies.push(this.given);
      }
    }
    for (const name of ['fetchPriority', 'sizes', 'srcset', 'src']) {
      Object.defineProperty(RecordingImage.prototype, name, {
        set(this: RecordingImage, value: string) {
          this.given[name] = value;
        },
      });
    }
    vi.stubGlobal('Image', RecordingImage);
    vi.stubGlobal('requestIdleCallback', (run: () => void) => run());
    document.body.innerHTML = `
      <img src="/_astro/lead.webp" alt="">
      <div data-post-content="">
        <p><img src="https://pictures.example.org/a.png" alt="A" loading="lazy"></p>
        <p><img src="/_astro/b_800.webp" srcset="/_astro/b_400.webp 400w, /_astro/b_800.webp 800w" sizes="50vw" alt="B" loading="lazy"></p>
      </div>`;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(navigator, 'connection');
  });

  const controlled = (controller: object | null) =>
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller }, configurable: true });

  it("fetches the pictures of the post's text, at low priority, as the page would", () => {
    controlled({});
    keepPostPictures();
    expect(copies).toEqual([
      { fetchPriority: 'low', sizes: '', srcset: '', src: 'https://pictures.example.org/a.png' },
      {
        fetchPriority: 'low',
        sizes: '50vw',
        srcset: '/_astro/b_400.webp 400w, /_astro/b_800.webp 800w',
        src: expect.stringMatching(/\/_astro\/b_800\.webp$/),
      },
    ]);
    expect(Object.keys(copies[1]!)).toEqual(['fetchPriority', 'sizes', 'srcset', 'src']);
  });

  it("does the same as the post page's inline script, which carries its own copy of the rules", () => {
    controlled({});
    // document.readyState is 'complete' in jsdom by now: the script runs at once.
    new Function(postPicturesScript())();
    expect(copies.map((copy) => copy.src)).toEqual([
      'https://pictures.example.org/a.png',
      expect.stringMatching(/\/_astro\/b_800\.webp$/),
    ]);
    expect(postPicturesScript()).not.toMatch(/\bimport\b|require\(/);
  });

  it('fetches nothing without a controlling service worker, or when the visitor saves data', () => {
    controlled(null);
    keepPostPictures();
    controlled({});
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    keepPostPictures();
    expect(copies).toEqual([]);
  });
});
