// Renders the site's illustrations from their SVG sources (drawn for FarmSpace): the article heroes
// (site/src/assets/articles/source/*.svg → 1600×900 WebP beside them, which astro:assets resizes at
// build time) and the default social-card image (site/src/assets/og-default.svg → site/public/og-default.png,
// 1200×630). Run after editing an SVG:  npx tsx scripts/render-hero-images.ts
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'site', 'src', 'assets', 'articles');
const sourceDir = path.join(dir, 'source');

for (const file of readdirSync(sourceDir).filter((f) => f.endsWith('.svg'))) {
  const out = path.join(dir, file.replace(/\.svg$/, '.webp'));
  const info = await sharp(path.join(sourceDir, file), { density: 96 })
    .resize(1600, 900)
    .webp({ quality: 82, effort: 6, smartSubsample: true })
    .toFile(out);
  console.log(`${path.relative(process.cwd(), out)}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}

const og = await sharp(path.join(root, 'site', 'src', 'assets', 'og-default.svg'), { density: 96 })
  .resize(1200, 630)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(root, 'site', 'public', 'og-default.png'));
console.log(`site/public/og-default.png  ${og.width}×${og.height}  ${(og.size / 1024).toFixed(1)} KB`);
