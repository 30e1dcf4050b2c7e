// Decap CMS bundled outside Vite and kept between builds (src/integrations/decap-bundle.mjs, decision
// 0036): a tiny stand-in entry in a folder of its own, so each test runs esbuild in milliseconds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decapBundle, decapCms } from '../../src/integrations/decap-bundle.mjs';

let root: string;
let cacheDir: string;
let entry: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'decap-bundle-'));
  cacheDir = join(root, 'cache');
  mkdirSync(join(root, 'src'));
  entry = join(root, 'src/entry.ts');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  writeFileSync(join(root, 'tsconfig.json'), '{}');
  writeFileSync(join(root, 'src/part.ts'), 'export const part: string = "first";\n');
  writeFileSync(
    entry,
    'import { part } from "./part";\nexport function startDecap(): string { return part; }\n',
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const bundle = async () => {
  const result = await decapBundle({ root, cacheDir, entry });
  const code = result.files.find((file) => file.fileName === result.fileName)?.code;
  return { ...result, code };
};
const cachedEntry = (fileName: string) => join(cacheDir, 'files', basename(fileName));

describe('decapBundle', () => {
  it('bundles the entry and what it imports, minified, under a name made from its content', async () => {
    const first = await bundle();
    expect(first.reused).toBe(false);
    expect(first.code).toContain('"first"');
    expect(first.code).not.toMatch(/\n\s+/);
    expect(first.fileName).toMatch(/^_astro\/decap-cms\/entry\.[0-9A-Z]{8}\.js$/);
  });

  it('keeps what the entry imports lazily in a file of its own, loaded by the entry', async () => {
    writeFileSync(entry, 'export const startDecap = () => import("./part");\n');
    const { files, code, fileName } = await bundle();
    expect(files).toHaveLength(2);
    const [lazy] = files.filter((file) => file.fileName !== fileName);
    expect(lazy.code).toContain('"first"');
    expect(code).toContain(`./${basename(lazy.fileName)}`);
  });

  it('reuses the cached file when nothing changed', async () => {
    const first = await bundle();
    writeFileSync(cachedEntry(first.fileName), '/* from the cache */');
    const second = await bundle();
    expect(second).toMatchObject({ fileName: first.fileName, code: '/* from the cache */', reused: true });
  });

  it('bundles again when a file the entry imports changes', async () => {
    const first = await bundle();
    writeFileSync(join(root, 'src/part.ts'), 'export const part: string = "second";\n');
    const second = await bundle();
    expect(second.reused).toBe(false);
    expect(second.code).toContain('"second"');
    expect(second.fileName).not.toBe(first.fileName);
  });

  it('bundles again when the entry itself changes', async () => {
    await bundle();
    writeFileSync(entry, 'export function startDecap(): string { return "other"; }\n');
    expect((await bundle()).reused).toBe(false);
  });

  it('bundles again when the lockfile changes (an installed package may have changed)', async () => {
    await bundle();
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect((await bundle()).reused).toBe(false);
  });

  it('bundles again when tsconfig.json changes (paths and JSX are read from it)', async () => {
    await bundle();
    writeFileSync(join(root, 'tsconfig.json'), '{"compilerOptions":{}}');
    expect((await bundle()).reused).toBe(false);
  });

  it('bundles again when the cached file is gone; a file no longer read is not in the key', async () => {
    rmSync(cachedEntry((await bundle()).fileName));
    expect((await bundle()).reused).toBe(false);
    writeFileSync(entry, 'export function startDecap(): string { return "alone"; }\n');
    await bundle();
    writeFileSync(join(root, 'src/part.ts'), 'export const part = 1;\n');
    expect((await bundle()).reused).toBe(true); // no longer read: not part of the key
  });
});

describe('decapCms', () => {
  type Setup = (options: {
    command: string;
    updateConfig: (config: { vite: { plugins: unknown[] } }) => void;
    logger: { info: (message: string) => void };
  }) => void;
  type Plugin = {
    resolveId: (source: string, importer?: string) => Promise<unknown>;
    generateBundle: (this: { emitFile: (file: unknown) => void }) => Promise<void>;
  };
  const made = {
    fileName: '_astro/decap-cms/decap-cms.abc.js',
    files: [{ fileName: '_astro/decap-cms/decap-cms.abc.js', code: 'x' }],
  };
  /** The integration's set-up for `command`: the plugins it added (none, or the one of Decap). */
  const setUp = (command: string, start: () => Promise<typeof made>) => {
    const plugins: unknown[] = [];
    const integration = decapCms({ start }) as unknown as { hooks: { 'astro:config:setup': Setup } };
    integration.hooks['astro:config:setup']({
      command,
      updateConfig: (config) => plugins.push(...config.vite.plugins),
      logger: { info: () => {} },
    });
    return plugins as Plugin[];
  };
  const cmsStart = '/project/src/browser/cms-start.ts';

  it('starts nothing for `astro dev`, `astro sync` or `astro preview`: Vite serves Decap itself in dev', () => {
    for (const command of ['dev', 'sync', 'preview']) {
      const start = vi.fn(() => Promise.resolve(made));
      expect(setUp(command, start)).toEqual([]);
      expect(start).not.toHaveBeenCalled();
    }
  });

  it('starts the bundle once as a build sets up, and points the CMS at it', async () => {
    const start = vi.fn(() => Promise.resolve(made));
    const [plugin] = setUp('build', start);
    expect(start).toHaveBeenCalledTimes(1); // before any bundle asks for it
    expect(await plugin!.resolveId('./decap-cms', cmsStart)).toEqual({
      id: `/${made.fileName}`,
      external: true,
    });
    expect(await plugin!.resolveId('./decap-cms', '/project/src/browser/other.ts')).toBeNull();
    const emitted: unknown[] = [];
    await plugin!.generateBundle.call({ emitFile: (file) => emitted.push(file) });
    expect(emitted).toEqual([{ type: 'asset', fileName: made.fileName, source: 'x' }]);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('adds no file to a bundle that never asked for Decap', async () => {
    const [plugin] = setUp('build', () => Promise.resolve(made));
    const emitted: unknown[] = [];
    await plugin!.generateBundle.call({ emitFile: (file) => emitted.push(file) });
    expect(emitted).toEqual([]);
  });

  it('a failed bundle fails the build where the CMS asks for it, not as an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const [plugin] = setUp('build', () => Promise.reject(new Error('esbuild failed')));
      // Node reports a rejection nobody handles once the microtasks have run: one macrotask later.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(plugin!.resolveId('./decap-cms', cmsStart)).rejects.toThrow('esbuild failed');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
