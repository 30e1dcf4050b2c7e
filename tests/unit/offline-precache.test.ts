import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { completePrecache } from '../../src/integrations/offline.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the service worker's precache list", () => {
  it("installs the offline page's scripts, as the pipeline leaves them, with what they import", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precache-'));
    mkdirSync(path.join(dir, 'offline'));
    mkdirSync(path.join(dir, '_astro'));
    // fetchpriority="low" is what the pipeline's script-priority step adds before the service worker
    // is generated: a pattern written for Astro's own tag missed it, and offline the page had no script.
    writeFileSync(
      path.join(dir, 'offline/index.html'),
      '<head><script type="module" fetchpriority="low" src="/_astro/Page.Ab12.js"></script></head>',
    );
    writeFileSync(path.join(dir, '_astro/Page.Ab12.js'), 'import("./chunk.Cd34.js")');
    writeFileSync(path.join(dir, '_astro/chunk.Cd34.js'), 'export {}');
    const { manifest } = await completePrecache(() => dir)([
      { url: 'offline/index.html', revision: 'r1', size: 1 },
    ]);
    expect(manifest.map((entry: { url: string }) => entry.url)).toEqual([
      'offline',
      '_astro/Page.Ab12.js',
      '_astro/chunk.Cd34.js',
    ]);
  });
});
