// Draws the illustrative listing pictures (no stock photos offline): SVG scenes per space type, rendered
// to small 1200x800 WebP files with sharp. Run: `npx tsx scripts/render-space-images.ts`.
// Output: site/public/images/spaces/fallback-{type}.webp and demo-{n}.webp (committed).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '..', 'site', 'public', 'images', 'spaces');
const W = 1200;
const H = 800;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Palette = { skyTop: string; skyBottom: string; accent: string; leaf: string[]; ground: string };
const PALETTES: Palette[] = [
  { skyTop: '#8ec9f0', skyBottom: '#e8f5fd', accent: '#f6c35b', leaf: ['#2f9e5b', '#3fb46b', '#1c663c', '#7cc77f'], ground: '#9aa5a0' },
  { skyTop: '#f6a96b', skyBottom: '#fde3c4', accent: '#f27b50', leaf: ['#3c8d4f', '#5aa55c', '#27623a', '#9ccf6f'], ground: '#8d8378' },
  { skyTop: '#6f8fd8', skyBottom: '#d7e2fb', accent: '#ffd36e', leaf: ['#2c8a55', '#4cae6e', '#1d5e3a', '#8fd18b'], ground: '#7e8a8f' },
  { skyTop: '#a5d8c9', skyBottom: '#f1fbf6', accent: '#ffb347', leaf: ['#2e7d4f', '#49a364', '#1a5132', '#a3d977'], ground: '#a49a8c' },
];

function plant(x: number, y: number, r: number, color: string, rand: () => number): string {
  const leaves: string[] = [];
  const n = 5 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i - (n - 1) / 2) * 0.45 + (rand() - 0.5) * 0.2;
    const lx = x + Math.cos(a) * r;
    const ly = y + Math.sin(a) * r;
    leaves.push(`<ellipse cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" rx="${(r * 0.55).toFixed(1)}" ry="${(r * 0.28).toFixed(1)}" transform="rotate(${((a * 180) / Math.PI).toFixed(1)} ${lx.toFixed(1)} ${ly.toFixed(1)})" fill="${color}"/>`);
  }
  return leaves.join('') + `<circle cx="${x}" cy="${y - r * 0.2}" r="${r * 0.35}" fill="${color}" opacity="0.9"/>`;
}

function sky(p: Palette, id: string) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

function skyline(rand: () => number, baseY: number, color: string, opacity: number): string {
  let x = -20;
  let out = '';
  while (x < W) {
    const w = 60 + rand() * 110;
    const h = 120 + rand() * 260;
    out += `<rect x="${x.toFixed(0)}" y="${(baseY - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${color}" opacity="${opacity}"/>`;
    for (let wy = baseY - h + 18; wy < baseY - 20; wy += 28) {
      for (let wx = x + 10; wx < x + w - 14; wx += 22) {
        if (rand() < 0.45) out += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="10" height="14" fill="#fff" opacity="${(opacity * 0.5).toFixed(2)}"/>`;
      }
    }
    x += w + 6;
  }
  return out;
}

function bed(x: number, y: number, w: number, p: Palette, rand: () => number): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="46" rx="6" fill="#8a5a3b"/><rect x="${x}" y="${y}" width="${w}" height="10" rx="4" fill="#a46d47"/>`;
  for (let px = x + 26; px < x + w - 10; px += 38 + rand() * 10) out += plant(px, y - 6, 20 + rand() * 10, p.leaf[Math.floor(rand() * p.leaf.length)]!, rand);
  return out;
}

function rooftop(p: Palette, rand: () => number): string {
  let s = sky(p, 'sky') + `<circle cx="${900 + rand() * 200}" cy="${120 + rand() * 60}" r="60" fill="${p.accent}" opacity="0.85"/>`;
  s += skyline(rand, 470, '#5b6b7a', 0.55) + skyline(rand, 500, '#3e4c59', 0.75);
  s += `<rect y="500" width="${W}" height="300" fill="${p.ground}"/><rect y="500" width="${W}" height="16" fill="#6d7772"/>`;
  for (let gx = 0; gx < W; gx += 80) s += `<line x1="${gx}" y1="516" x2="${gx - 120}" y2="800" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>`;
  s += bed(80, 560, 420, p, rand) + bed(620, 560, 480, p, rand) + bed(160, 680, 860, p, rand);
  s += `<rect x="1040" y="380" width="90" height="120" rx="8" fill="#c9b79c"/><rect x="1050" y="360" width="70" height="24" rx="6" fill="#b39f83"/>`;
  return s;
}

function greenhouse(p: Palette, rand: () => number): string {
  let s = sky(p, 'sky') + `<rect y="560" width="${W}" height="240" fill="#7fb069"/><rect y="560" width="${W}" height="14" fill="#6a9a57"/>`;
  s += `<path d="M160 600 V360 Q600 120 1040 360 V600 Z" fill="#e8f7f1" opacity="0.55" stroke="#ffffff" stroke-width="8"/>`;
  for (let x = 220; x < 1040; x += 110) s += `<line x1="${x}" y1="600" x2="${x}" y2="${360 - Math.sin(((x - 160) / 880) * Math.PI) * 190}" stroke="#ffffff" stroke-width="6"/>`;
  s += `<path d="M160 360 Q600 120 1040 360" fill="none" stroke="#ffffff" stroke-width="10"/>`;
  for (let row = 0; row < 3; row++) {
    for (let x = 200 + row * 20; x < 1010; x += 44) s += plant(x, 560 - row * 46, 18 + rand() * 8, p.leaf[Math.floor(rand() * p.leaf.length)]!, rand);
  }
  s += `<rect x="540" y="470" width="120" height="130" fill="#ffffff" opacity="0.7"/><line x1="600" y1="470" x2="600" y2="600" stroke="#cfe3da" stroke-width="4"/>`;
  return s;
}

function racks(p: Palette, rand: () => number, wall: string, floor: string, glow: string): string {
  let s = `<rect width="${W}" height="${H}" fill="${wall}"/><rect y="600" width="${W}" height="200" fill="${floor}"/>`;
  s += `<defs><radialGradient id="glow" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  for (const rx of [90, 450, 810]) {
    s += `<rect x="${rx}" y="120" width="300" height="480" fill="none" stroke="#d0d4d8" stroke-width="8"/>`;
    for (let level = 0; level < 4; level++) {
      const y = 220 + level * 110;
      s += `<rect x="${rx}" y="${y - 96}" width="300" height="8" fill="${glow}" opacity="0.95"/><rect x="${rx}" y="${y}" width="300" height="12" fill="#b8bec4"/>`;
      for (let px = rx + 22; px < rx + 290; px += 32) s += plant(px, y - 4, 14 + rand() * 6, p.leaf[Math.floor(rand() * p.leaf.length)]!, rand);
    }
  }
  return s;
}

function warehouse(p: Palette, rand: () => number): string {
  let s = racks(p, rand, '#3a4550', '#596570', '#c58cff');
  for (let x = 0; x < W; x += 150) s += `<line x1="${x}" y1="0" x2="${x + 40}" y2="90" stroke="#2a333b" stroke-width="10"/>`;
  s += `<rect y="0" width="${W}" height="24" fill="#2a333b"/>`;
  return s;
}

function basement(p: Palette, rand: () => number): string {
  let s = racks(p, rand, '#2b2730', '#46404a', '#ff7ad9');
  for (let y = 30; y < 600; y += 60) for (let x = (y / 60) % 2 ? 0 : 60; x < W; x += 120) s += `<rect x="${x}" y="${y}" width="116" height="56" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="2"/>`;
  return s;
}

function indoor(p: Palette, rand: () => number): string {
  let s = `<rect width="${W}" height="${H}" fill="#eef2f0"/><rect y="620" width="${W}" height="180" fill="#d6ddd9"/>`;
  s += `<rect x="60" y="80" width="320" height="260" rx="10" fill="${p.skyTop}" opacity="0.7"/><line x1="220" y1="80" x2="220" y2="340" stroke="#fff" stroke-width="8"/>`;
  for (const tx of [470, 640, 810, 980]) {
    s += `<rect x="${tx}" y="140" width="60" height="480" rx="28" fill="#ffffff" stroke="#c5cec9" stroke-width="4"/>`;
    for (let y = 170; y < 600; y += 48) s += plant(tx + (y % 96 ? 8 : 52), y, 16 + rand() * 6, p.leaf[Math.floor(rand() * p.leaf.length)]!, rand);
  }
  s += bed(60, 560, 340, p, rand);
  return s;
}

function backyard(p: Palette, rand: () => number): string {
  let s = sky(p, 'sky') + `<circle cx="${150 + rand() * 200}" cy="130" r="55" fill="${p.accent}" opacity="0.85"/>`;
  s += `<rect y="420" width="${W}" height="380" fill="#8cc46f"/>`;
  for (let x = 0; x < W; x += 36) s += `<rect x="${x}" y="330" width="28" height="120" rx="4" fill="#c8a27a"/>`;
  s += `<rect y="360" width="${W}" height="10" fill="#b08a63"/><rect y="410" width="${W}" height="10" fill="#b08a63"/>`;
  s += `<rect x="980" y="250" width="30" height="220" fill="#7a5236"/><circle cx="995" cy="230" r="110" fill="${p.leaf[2]}"/><circle cx="930" cy="270" r="70" fill="${p.leaf[0]}"/>`;
  s += bed(90, 520, 380, p, rand) + bed(520, 560, 380, p, rand) + bed(180, 680, 760, p, rand);
  return s;
}

function container(p: Palette, rand: () => number): string {
  let s = sky(p, 'sky') + skyline(rand, 500, '#5b6b7a', 0.4) + `<rect y="500" width="${W}" height="300" fill="#8b9196"/>`;
  s += `<rect x="200" y="330" width="800" height="260" fill="#2f7d5b"/>`;
  for (let x = 220; x < 990; x += 30) s += `<rect x="${x}" y="340" width="14" height="240" fill="#276a4d"/>`;
  s += `<rect x="780" y="360" width="190" height="210" fill="#1f2a24"/><rect x="790" y="370" width="170" height="190" fill="#ff9be4" opacity="0.35"/>`;
  for (let y = 400; y < 560; y += 50) for (let x = 805; x < 950; x += 36) s += plant(x, y, 12, p.leaf[Math.floor(rand() * p.leaf.length)]!, rand);
  s += bed(60, 640, 500, p, rand) + bed(640, 640, 500, p, rand);
  return s;
}

export const SCENES = { rooftop, greenhouse, warehouse, basement, indoor, backyard, other: container } as const;

async function render(name: string, scene: keyof typeof SCENES, seed: number) {
  const rand = rng(seed);
  const palette = PALETTES[seed % PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${SCENES[scene](palette, rand)}</svg>`;
  const info = await sharp(Buffer.from(svg)).webp({ quality: 72, effort: 5 }).toFile(path.join(OUT, `${name}.webp`));
  console.log(`${name}.webp ${(info.size / 1024).toFixed(1)} KB`);
}

mkdirSync(OUT, { recursive: true });
for (const [i, type] of (['rooftop', 'warehouse', 'greenhouse', 'indoor', 'basement', 'backyard'] as const).entries()) await render(`fallback-${type}`, type, 100 + i);
const demoScenes: (keyof typeof SCENES)[] = ['rooftop', 'warehouse', 'greenhouse', 'basement', 'other', 'rooftop', 'greenhouse', 'warehouse', 'indoor', 'rooftop', 'basement', 'backyard', 'greenhouse', 'other', 'rooftop', 'warehouse'];
for (const [i, scene] of demoScenes.entries()) await render(`demo-${String(i + 1).padStart(2, '0')}`, scene, i + 1);
