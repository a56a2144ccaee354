// Renders the article hero illustrations (site/src/assets/articles/source/*.svg, drawn for FarmSpace)
// to the 1600×900 WebP files the articles reference. Run after editing an SVG:
//   npx tsx scripts/render-hero-images.ts
// astro:assets then makes the responsive sizes at build time; the SVGs stay the editable source.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '..', 'site', 'src', 'assets', 'articles');
const sourceDir = path.join(dir, 'source');

for (const file of readdirSync(sourceDir).filter((f) => f.endsWith('.svg'))) {
  const out = path.join(dir, file.replace(/\.svg$/, '.webp'));
  const info = await sharp(path.join(sourceDir, file), { density: 96 })
    .resize(1600, 900)
    .webp({ quality: 82, effort: 6, smartSubsample: true })
    .toFile(out);
  console.log(`${path.relative(process.cwd(), out)}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}
