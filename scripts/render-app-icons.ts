// Renders the installable app's icons (issue 30) from the favicon's drawing (site/public/favicon.svg): the
// manifest's 192 and 512 px icons, a maskable 512 px one (the leaf inside the 80 % safe circle on a full-bleed
// green, so Android's round or squircle mask never cuts it), Apple's 180 px touch icon, and a 96 px monochrome
// badge (the leaf alone, white on transparent: Android draws it in the status bar).
// Run after editing the favicon:  npx tsx scripts/render-app-icons.ts
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const favicon = readFileSync(path.join(root, 'site', 'public', 'favicon.svg'), 'utf8');
const outDir = path.join(root, 'site', 'public', 'icons');
mkdirSync(outDir, { recursive: true });

const leaf = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!leaf) throw new Error('favicon.svg: no <path> (the leaf) found');
const brand = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? '#1c663c';

/** The leaf on the brand green, scaled to `inset` of the square (1 = as the favicon draws it). */
const squareIcon = (inset: number, rounded: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" ${rounded ? 'rx="8"' : ''} fill="${brand}"/>` +
  `<g transform="translate(${16 - 16 * inset} ${16 - 16 * inset}) scale(${inset})">${leaf}</g></svg>`;
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 8 20 20">${leaf.replace(/stroke="[^"]*"/, 'stroke="#ffffff"')}</svg>`;

const icons: Array<[string, string, number]> = [
  ['icon-192.png', squareIcon(1, true), 192],
  ['icon-512.png', squareIcon(1, true), 512],
  ['maskable-512.png', squareIcon(0.72, false), 512],
  ['apple-touch-icon.png', squareIcon(0.86, false), 180],
  ['badge-96.png', badge, 96],
];
for (const [name, svg, size] of icons) {
  const info = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
  console.log(`site/public/icons/${name}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}
