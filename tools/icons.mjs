// Makes the web app manifest's icons (src/integrations/offline.mjs) from the site's artwork,
// public/favicon.svg, with sharp (already installed for Astro's images). The PNGs are committed:
// run `npm run icons` after changing the favicon.
//   public/icons/icon-192.png, icon-512.png   the favicon as drawn (rounded corners, transparent)
//   public/icons/maskable-512.png             full-bleed brand colour, artwork inside the 80 % safe zone
//   public/icons/apple-touch-icon.png         180 px, opaque (iOS fills transparency with black)
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = path.join(root, 'public/icons');
const svg = await readFile(path.join(root, 'public/favicon.svg'), 'utf8');

const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
const background = /<rect[^>]*fill="(#[0-9a-f]{3,8})"/i.exec(svg)?.[1];
if (!viewBox || !background)
  throw new Error('public/favicon.svg: expected a viewBox and a background <rect>.');
const [, , width] = viewBox.split(/\s+/).map(Number);
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** The artwork scaled by `scale` around its centre on a square of the background colour. */
function onSquare(scale) {
  const offset = (width * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect width="${width}" height="${width}" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

const render = (source, size, file) =>
  sharp(Buffer.from(source), { density: (72 * size) / width })
    .resize(size, size)
    // A palette of at most 256 colours (libimagequant): the flat artwork looks the same, and the
    // files are 30 to 50 % smaller. Chrome fetches icon-192 on a first visit to check installability.
    .png({ compressionLevel: 9, palette: true, effort: 10 })
    .toFile(path.join(out, file));

await mkdir(out, { recursive: true });
await render(svg, 192, 'icon-192.png');
await render(svg, 512, 'icon-512.png');
await render(onSquare(0.8), 512, 'maskable-512.png');
await render(onSquare(0.9), 180, 'apple-touch-icon.png');
console.log(`Icons written to ${path.relative(root, out)}/`);
