// What a URL costs on the wire: the server's gzip answer against its uncompressed one.
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Bytes sent for `url` with gzip and without, and whether the server compressed it at all. */
export async function gzipSize(url) {
  const get = (encoding) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
        })
        .on('error', reject);
    });
  const [gz, raw] = await Promise.all([get('gzip'), get('identity')]);
  return { gzip: gz.bytes, raw: raw.bytes, compressed: gz.encoding === 'gzip' };
}

// The blog's lists: /blog, /blog/page/N, /blog/tags, /blog/tags/{tag} and /blog/tags/{tag}/page/N.
const LIST_PAGE = /^blog(\/page\/\d+|\/tags(\/[^/]+(\/page\/\d+)?)?)?\/index\.html$/;

/** The address of the largest list of posts in the build `dist`, by its uncompressed HTML. */
export function largestListPage(dist) {
  let largest;
  for (const file of readdirSync(path.join(dist, 'blog'), { recursive: true })) {
    const rel = `blog/${String(file).split(path.sep).join('/')}`;
    if (!LIST_PAGE.test(rel)) continue;
    const size = statSync(path.join(dist, rel)).size;
    if (!largest || size > largest.size) largest = { size, url: `/${rel.replace(/\/?index\.html$/, '')}` };
  }
  return largest?.url;
}
