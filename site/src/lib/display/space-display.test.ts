// Display rules of spec 2.5/2.6: prices with thousands separators, fallback pictures by type.
import { describe, expect, it } from 'vitest';
import { fallbackImage, formatPrice, formatSize, isFeaturedNow, ogImageOf, primaryImage } from './space-display';

describe('space display', () => {
  it('formats prices in dollars with thousands separators, cents only when present', () => {
    expect(formatPrice('2800.00')).toBe('$2,800');
    expect(formatPrice('1250.50')).toBe('$1,250.50');
    expect(formatPrice('1234567.89')).toBe('$1,234,567.89');
  });

  it('formats sizes in sq ft', () => {
    expect(formatSize(12000)).toBe('12,000 sq ft');
  });

  it('falls back to a picture per type, indoor by default', () => {
    expect(fallbackImage('rooftop')).toBe('/images/spaces/fallback-rooftop.webp');
    expect(fallbackImage('basement')).toBe('/images/spaces/fallback-basement.webp');
    expect(fallbackImage('other')).toBe('/images/spaces/fallback-indoor.webp');
    expect(primaryImage({ images: [], spaceType: 'greenhouse' })).toBe('/images/spaces/fallback-greenhouse.webp');
    expect(primaryImage({ images: ['javascript:alert(1)', 'https://x.example/a.jpg'], spaceType: 'rooftop' })).toBe('https://x.example/a.jpg');
  });

  it('gives link previews the cover photo’s 800 px JPEG, and any other first image as it is', () => {
    const key = 'a'.repeat(64);
    const cover = { id: 'p1', key, width: 1600, height: 1200, widths: [400, 800, 1600], alt: 'Roof', url: `/media/photos/${key}-1600.jpg` };
    expect(ogImageOf({ images: [cover.url, 'https://x.example/a.jpg'], spaceType: 'rooftop', photos: [cover] })).toBe(`/media/photos/${key}-800.jpg`);
    // A photo narrower than 800 px has its own width as the largest.
    const small = { ...cover, width: 600, height: 400, widths: [400, 600], url: `/media/photos/${key}-600.jpg` };
    expect(ogImageOf({ images: [small.url], spaceType: 'rooftop', photos: [small] })).toBe(`/media/photos/${key}-600.jpg`);
    expect(ogImageOf({ images: ['https://x.example/a.jpg'], spaceType: 'rooftop', photos: [] })).toBe('https://x.example/a.jpg');
    expect(ogImageOf({ images: [], spaceType: 'basement' })).toBe('/images/spaces/fallback-basement.webp');
  });

  it('shows Featured only with a featuredUntil still ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isFeaturedNow({ isFeatured: true, featuredUntil: '2026-02-01T00:00:00Z' }, now)).toBe(true);
    expect(isFeaturedNow({ isFeatured: true, featuredUntil: null }, now)).toBe(false);
    expect(isFeaturedNow({ isFeatured: true, featuredUntil: '2025-12-01T00:00:00Z' }, now)).toBe(false);
  });
});
