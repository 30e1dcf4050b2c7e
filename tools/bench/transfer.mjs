// What a URL costs on the wire: the server's gzip answer against its uncompressed one.
import http from 'node:http';

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
