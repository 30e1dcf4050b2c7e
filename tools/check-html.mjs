// `node tools/check-html.mjs [dist]`: every page a build wrote, checked by the Nu Html Checker (the
// W3C validator, `vnu-jar`, which needs Java 17 or later). Browsers repair invalid markup silently, and
// not all the same way (a script after </html> still ran, but a page is not the page we wrote once a
// parser has moved things around), so the check is part of `npm test`: every page of the run's build
// (tests/site/check-html.test.ts), and the pages a copy with an editor's posts adds
// (tests/site/project-copy.test.ts).
// The CMS page is left out: Decap replaces it with its own markup as soon as it loads.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vnuJar from 'vnu-jar';
import { builtFiles } from '../src/integrations/built-files.mjs';

/** Pages not ours to check, relative to the build folder. */
const LEFT_OUT = new Set([path.join('cms', 'index.html')]);

/**
 * What the checker's CSS part does not know yet, in the first screen's rules each page carries
 * (decision 0034): Tailwind's stylesheet, which every browser the site supports reads. Anything else
 * in a <style> (a typo, an unknown property) is still an error.
 */
export const CSS_THE_CHECKER_DOES_NOT_KNOW = [
  /^CSS: Unrecognized at-rule “@(property|container)”\.?$/,
  /^CSS: “(margin-trim|container-type)”: Property “\1” doesn't exist\.?$/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.?$/,
];

/**
 * The HTML pages of a build, as absolute paths, in a stable order.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function pagesToCheck(dir) {
  const files = await builtFiles(dir, /\.html$/);
  return files.filter((file) => !LEFT_OUT.has(path.relative(dir, file))).sort();
}

/**
 * The checker's errors (warnings and notes are left out) in `files`, each as
 * '<file relative to dir>:<line>: <message>'. Rejects when Java or the checker cannot run at all.
 * @param {string[]} files
 * @param {string} [dir]
 * @returns {Promise<string[]>}
 */
export function htmlErrors(files, dir = process.cwd()) {
  if (files.length === 0) return Promise.resolve([]);
  const args = ['-jar', String(vnuJar), '--errors-only', '--exit-zero-always', '--format', 'json', ...files];
  return new Promise((resolve, reject) => {
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error)
        return reject(new Error(`The HTML checker did not run (is Java 17+ installed?): ${error.message}`));
      let report;
      try {
        report = JSON.parse(stderr);
      } catch {
        return reject(new Error(`The HTML checker printed no report: ${stderr.slice(0, 2000)}`));
      }
      resolve(
        report.messages
          .filter((m) => m.type === 'error' || m.type === 'non-document-error')
          .filter((m) => !CSS_THE_CHECKER_DOES_NOT_KNOW.some((known) => known.test(m.message)))
          .map((m) => {
            const file = m.url ? path.relative(dir, fileURLToPath(m.url)) : '(checker)';
            return `${file}:${m.lastLine ?? '?'}: ${m.message}`;
          }),
      );
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  // No folder at all is a fresh clone's case: the same advice as a folder without pages.
  const files = existsSync(dir) ? await pagesToCheck(dir) : [];
  if (files.length === 0) {
    console.error(`No HTML pages in ${dir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const errors = await htmlErrors(files, dir);
  for (const error of errors) console.error(error);
  console.log(`${files.length} pages checked, ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}.`);
  process.exitCode = errors.length > 0 ? 1 : 0;
}
