/**
 * Generates the app icons from one hand-drawn SVG mark (a balanced scale on the brand blue), so every
 * size is drawn from the same source instead of being resized from a bitmap.
 *
 *   node scripts/make-icons.mjs
 *
 * Outputs (committed; run again only when the mark changes):
 *   public/favicon.svg               rounded tile, scales to any tab size
 *   public/icons/icon-192.png        manifest "any" icon (Android home screen, install dialog)
 *   public/icons/icon-512.png        manifest "any" icon (splash screen)
 *   public/icons/maskable-512.png    manifest "maskable": full-bleed background, mark inside the 80 %
 *                                    safe-zone circle so launchers may crop it to any shape
 *   public/icons/apple-touch-icon.png 180 × 180, opaque and square (iOS rounds the corners itself and
 *                                    shows black where a PNG is transparent)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BRAND = '#0693e3';
const INK = '#ffffff';

/**
 * The balanced scale, drawn on a 512 × 512 grid around the centre (256, 256). Its bounding box is
 * x 106…406, y 122…404, so every point lies within 202 px of the centre: at scale 0.8 it fits the
 * maskable safe zone (a circle of radius 0.4 × 512 = 204.8) with room to spare.
 */
const MARK = `
  <g fill="${INK}" stroke="${INK}" stroke-linecap="round" stroke-linejoin="round">
    <circle cx="256" cy="140" r="18" stroke="none"/>
    <rect x="246" y="150" width="20" height="236" rx="6" stroke="none"/>
    <path d="M136 178 H376" stroke-width="16" fill="none"/>
    <path d="M156 178 L116 284 M156 178 L196 284 M356 178 L316 284 M356 178 L396 284" stroke-width="6" fill="none"/>
    <path d="M106 284 H206 A50 38 0 0 1 106 284 Z" stroke="none"/>
    <path d="M306 284 H406 A50 38 0 0 1 306 284 Z" stroke="none"/>
    <rect x="186" y="380" width="140" height="24" rx="10" stroke="none"/>
  </g>`;

/** @param {{ scale: number, radius: number }} opts radius 0 = full-bleed square */
function iconSvg({ scale, radius }) {
  const offset = 256 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <title>LegalConnect</title>
  <rect width="512" height="512" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}
  </g>
</svg>
`;
}

const tile = iconSvg({ scale: 0.92, radius: 112 });
const fullBleed = iconSvg({ scale: 0.92, radius: 0 });
const maskable = iconSvg({ scale: 0.76, radius: 0 });

async function png(svg, size, file) {
  const out = join(root, 'public', file);
  mkdirSync(dirname(out), { recursive: true });
  await sharp(Buffer.from(svg), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toFile(out);
  return out;
}

writeFileSync(join(root, 'public', 'favicon.svg'), tile);
const written = [
  join(root, 'public', 'favicon.svg'),
  await png(tile, 192, 'icons/icon-192.png'),
  await png(tile, 512, 'icons/icon-512.png'),
  await png(maskable, 512, 'icons/maskable-512.png'),
  await png(fullBleed, 180, 'icons/apple-touch-icon.png'),
];
for (const file of written) console.log(`wrote ${file.slice(root.length + 1)}`);
