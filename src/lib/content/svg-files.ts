// Build time only: every SVG file where pictures enter the repository is checked with the one SVG
// rule (src/lib/text/svg-rule.ts) before any page is built. Those folders are Decap CMS's media
// folders, read from admin/config.yml (content/posts/images for posts, src/assets/artwork for the
// rest), so an upload through the CMS is checked wherever the CMS puts it, whether a post shows it
// yet or not (the build copies a picture's original file into dist/_astro/, where it is served).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import { isSvgName, svgBytesProblem } from '@/lib/text/svg-rule';

/** The repository folders (relative to the project root) Decap CMS uploads pictures to. */
export function mediaFolders(configText: string): string[] {
  const config = parseCmsConfig(configText) as {
    media_folder?: unknown;
    collections?: Array<{ folder?: unknown; media_folder?: unknown }>;
  };
  const folders = new Set<string>();
  const add = (folder: unknown, base = '') => {
    if (typeof folder !== 'string' || !folder) return;
    // Decap reads a media_folder starting with / from the repository's root, any other from the
    // collection's folder (or the root, for the global one).
    const relative = folder.startsWith('/') ? folder.slice(1) : path.posix.join(base, folder);
    folders.add(path.posix.normalize(relative).replace(/\/$/, ''));
  };
  add(config.media_folder);
  for (const collection of config.collections ?? []) {
    add(collection.media_folder, typeof collection.folder === 'string' ? collection.folder : '');
  }
  return [...folders];
}

/** One line per SVG file of those folders that the site must not serve: 'folder/a.svg: it has ...'. */
export function unsafeSvgFiles(root: string, folders: readonly string[]): string[] {
  const problems: string[] = [];
  for (const folder of folders) {
    const directory = path.join(root, folder);
    if (!existsSync(directory)) continue;
    for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !isSvgName(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const problem = svgBytesProblem(new Uint8Array(readFileSync(file)));
      if (problem) problems.push(`${path.relative(root, file).split(path.sep).join('/')}: ${problem}`);
    }
  }
  return problems;
}

let checked: string | undefined;

/**
 * Stops the build at the first content load when a media folder holds an SVG file that could run
 * script or load another file on the site, naming each file and why. Checked once per build.
 */
export function assertSafeSvgFiles(root: string): void {
  if (checked === root) return;
  const configFile = path.join(root, 'admin/config.yml');
  const folders = mediaFolders(existsSync(configFile) ? readFileSync(configFile, 'utf8') : '');
  const problems = unsafeSvgFiles(root, folders);
  if (problems.length > 0) {
    throw new Error(
      `These SVG pictures cannot be published: the site serves them from its own address, where they ` +
        `could run code or load other files. Export each again as a plain picture (no scripts, links ` +
        `or embedded fonts and files), or save it as PNG or WebP:\n${problems.map((line) => `- ${line}`).join('\n')}`,
    );
  }
  checked = root;
}
