// npm run icons — the app's PNG icons (web manifest, apple-touch-icon, notification badge), drawn
// from the briefcase of web/public/favicon.svg with sharp. The PNGs are committed; run this again
// only when the artwork changes.
import sharp from 'sharp';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const BRAND = '#0f766e'; // --color-brand-700, the manifest's theme colour
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web', 'public', 'icons');

// The briefcase path of the favicon (a 32×32 box, the glyph spans 20×19 units around 16,15.5).
const favicon = await readFile(path.join(root, 'web', 'public', 'favicon.svg'), 'utf8');
const glyph = /<path d="([^"]+)"/.exec(favicon)?.[1];
if (!glyph) throw new Error('web/public/favicon.svg has no <path d="…">');

/** The glyph centred in a 32-unit square, `scale` times its favicon size. */
const briefcase = (scale: number, fill: string) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -15.5)"><path d="${glyph}" fill="${fill}"/></g>`;
const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`);

const icons: { file: string; size: number; body: string }[] = [
  // "any": the favicon as it is (rounded square, transparent corners).
  {
    file: 'icon-192.png',
    size: 192,
    body: `<rect width="32" height="32" rx="7" fill="${BRAND}"/>${briefcase(1, '#fff')}`,
  },
  {
    file: 'icon-512.png',
    size: 512,
    body: `<rect width="32" height="32" rx="7" fill="${BRAND}"/>${briefcase(1, '#fff')}`,
  },
  // "maskable": full bleed, the glyph (half the width) well inside the 80% safe circle.
  {
    file: 'icon-maskable-512.png',
    size: 512,
    body: `<rect width="32" height="32" fill="${BRAND}"/>${briefcase(0.8, '#fff')}`,
  },
  // iOS rounds the corners itself and shows transparency as black.
  {
    file: 'apple-touch-icon-180.png',
    size: 180,
    body: `<rect width="32" height="32" fill="${BRAND}"/>${briefcase(0.9, '#fff')}`,
  },
  // Android's status-bar badge: only the alpha channel counts.
  { file: 'badge-96.png', size: 96, body: briefcase(1.25, '#fff') },
];

await mkdir(out, { recursive: true });
for (const icon of icons) {
  await sharp(svg(icon.body), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
