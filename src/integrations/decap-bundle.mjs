// Decap CMS, bundled by esbuild outside Vite (decision 0036). Decap and what it carries were most of
// the client build's time (6-8 s of Rolldown's work against 1 s without it, docs/performance.md), and
// they change only when the lockfile does. So /cms/'s dynamic `import('./decap-cms')` is pointed at a
// file built here once and kept in node_modules/.astro/decap-cms/current/ until one of its inputs
// changes. What Vite must resolve (admin/config.yml, the stylesheets through Tailwind, the publish
// target) stays in Vite's bundle: src/browser/decap-inputs.ts hands it to startDecap() at run time.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// Imported here, not when first needed: Astro loads its config through a Vite module runner that is
// closed by the time the client build asks for Decap.
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DECAP_ENTRY = path.join(ROOT, 'src/browser/decap-cms.ts');
const CACHE_DIR = path.join(ROOT, 'node_modules/.astro/decap-cms/current');
/** The served files' folder in the build; each file's name carries the hash of its content. */
const OUTPUT_DIR = '_astro/decap-cms';

/** @param {string | Buffer} text */
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * What the bundle depends on besides its own sources: the installed packages (the lockfile), how
 * TypeScript paths and JSX are read, the bundler, and the recipe below.
 * @param {{ root?: string, esbuildVersion: string }} options
 */
async function fixedInputs({ root = ROOT, esbuildVersion }) {
  const read = (/** @type {string} */ file) => readFile(path.join(root, file), 'utf8').catch(() => '');
  return {
    lockfile: sha256(await read('package-lock.json')),
    tsconfig: sha256(await read('tsconfig.json')),
    esbuild: esbuildVersion,
    recipe: sha256(await readFile(fileURLToPath(import.meta.url), 'utf8')),
  };
}

/**
 * The hash of every file esbuild read last time (paths relative to root, from its metafile); a file
 * gone counts as changed.
 * @param {string[]} files @param {string} root
 */
export async function sourcesHash(files, root = ROOT) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)).catch(() => '\0gone'));
  }
  return hash.digest('hex');
}

/**
 * The cache key: the fixed inputs and the sources' hash.
 * @param {Record<string, string>} fixed @param {string} sources
 */
export const cacheKey = (fixed, sources) => sha256(JSON.stringify({ ...fixed, sources }));

/**
 * Builds the bundle, or reuses the one in the cache when nothing it was made from changed.
 * Returns the entry's file name (under the build's root) and every file with its text: the entry and
 * the chunks it loads lazily (Decap's CodeMirror modes, prettier), as Vite split them before.
 * @typedef {{ fileName: string, code: string }} OutputFile
 * @typedef {{ fileName: string, files: OutputFile[] }} Bundle the entry's file name and every file
 * @param {{ root?: string, cacheDir?: string, entry?: string, log?: (message: string) => void }} [options]
 * @returns {Promise<Bundle & { reused: boolean }>}
 */
export async function decapBundle({ root = ROOT, cacheDir = CACHE_DIR, entry = DECAP_ENTRY, log } = {}) {
  const fixed = await fixedInputs({ root, esbuildVersion: esbuild.version });
  const manifestFile = path.join(cacheDir, 'manifest.json');
  const manifest = await readFile(manifestFile, 'utf8')
    .then(
      (text) =>
        /** @type {{ key: string, sources: string[], fileName: string, fileNames: string[] }} */ (
          JSON.parse(text)
        ),
    )
    .catch(() => undefined);
  if (manifest && manifest.key === cacheKey(fixed, await sourcesHash(manifest.sources, root))) {
    const files = await Promise.all(
      manifest.fileNames.map(async (fileName) => ({
        fileName,
        code: await readFile(path.join(cacheDir, 'files', path.basename(fileName)), 'utf8'),
      })),
    ).catch(() => undefined);
    if (files) return { fileName: manifest.fileName, files, reused: true };
  }

  const started = performance.now();
  // Its own process: esbuild's Go service, so Decap's ~0.4 GiB of parsing is not in the build's heap.
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    splitting: true, // what Decap and the CMS load lazily stays in files of its own
    outdir: path.join(root, OUTPUT_DIR),
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  });
  const files = result.outputFiles.map((file) => ({
    fileName: path.relative(root, file.path).split(path.sep).join('/'),
    code: file.text,
  }));
  // Lazily imported modules are entry points too in esbuild's metafile: the entry is the one named.
  const entryPoint = path.relative(root, entry).split(path.sep).join('/');
  const [fileName] = Object.entries(result.metafile.outputs)
    .filter(([, output]) => output.entryPoint === entryPoint)
    .map(([output]) => output);
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.includes(':'));
  await rm(cacheDir, { recursive: true, force: true });
  await mkdir(path.join(cacheDir, 'files'), { recursive: true });
  for (const file of files)
    await writeFile(path.join(cacheDir, 'files', path.basename(file.fileName)), file.code);
  const key = cacheKey(fixed, await sourcesHash(sources, root));
  const fileNames = files.map((file) => file.fileName);
  await writeFile(manifestFile, JSON.stringify({ key, sources, fileName, fileNames }));
  log?.(
    `Decap CMS bundled by esbuild in ${Math.round(performance.now() - started)} ms (${files.length} files)`,
  );
  return { fileName, files, reused: false };
}

/**
 * The Vite plugin (client build only): cms-start's `import('./decap-cms')` becomes an import of the
 * separately built files, which join the build.
 * @param {() => Promise<Bundle>} bundle
 * @returns {import('vite').Plugin}
 */
export function decapOutsideVite(bundle) {
  let asked = false;
  return {
    name: 'decap-outside-vite',
    apply: 'build',
    enforce: 'pre', // before Vite's own resolver, which would take the import itself
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer) {
      if (!importer || !/[\\/]browser[\\/]cms-start\.ts$/.test(importer)) return null;
      if (source !== './decap-cms') return null;
      asked = true;
      return { id: `/${(await bundle()).fileName}`, external: true };
    },
    async generateBundle() {
      if (!asked) return;
      for (const { fileName, code } of (await bundle()).files)
        this.emitFile({ type: 'asset', fileName, source: code });
    },
  };
}

/**
 * The integration: in `astro build` only (`astro dev`, as `npm run cms` runs it, lets Vite serve
 * Decap itself, with hot reload), the bundle is started as the configuration is set up, so that
 * esbuild works beside the content sync and the server build instead of holding up the client build
 * that asks for it (docs/performance.md, lever 21).
 * @param {{ start?: (log: (message: string) => void) => Promise<Bundle> }} [options]
 *   `start` makes the bundle (decapBundle; a stand-in in the tests)
 * @returns {import('astro').AstroIntegration}
 */
export function decapCms({ start = (log) => decapBundle({ log }) } = {}) {
  return {
    name: 'decap-outside-vite',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, logger }) => {
        if (command !== 'build') return;
        const bundle = start((message) => logger.info(message));
        // Its failure is the build's, reported where the client build awaits it, not as unhandled.
        bundle.catch(() => {});
        updateConfig({ vite: { plugins: [decapOutsideVite(() => bundle)] } });
      },
    },
  };
}
