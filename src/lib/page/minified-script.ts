// An inline script's minified text (build time only), made once per build for each source: every
// page carries the same head script, and each kind of page its own, so esbuild is asked once for
// each text instead of once per page (at 1,000 posts, 3,000 calls to its service and back).
import { transform } from 'esbuild';

const minified = new Map<string, Promise<string>>();

/** `source` minified by esbuild, trimmed; the same promise for the same source. */
export function minifiedScript(source: string): Promise<string> {
  let result = minified.get(source);
  if (result === undefined) {
    result = transform(source, { minify: true }).then((output) => output.code.trim());
    // A failed transform is not kept: the next page asks again (and fails the build the same way).
    result.catch(() => minified.delete(source));
    minified.set(source, result);
  }
  return result;
}
