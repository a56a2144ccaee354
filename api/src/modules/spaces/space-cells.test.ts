// The grid cells of a radius search (decision 0904) only narrow what the exact distance decides, so they
// must hold every point of the circle: for generated centres and radii, every generated point within the
// radius (anywhere in the circle, and right at its edge) lies in one of the listed cells. Pure JS, no
// database: the SQL writes the same cell expression (db/schema/spaces.ts positionCell).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineKm, positionCell } from '#contracts/places';
import { coveringCells, MAX_CELLS, radiusBox } from './space-distance';
import { destination } from '#tests/fixtures/geo';

describe('radius cells', () => {
  it('every point within the radius lies in a listed cell, at the edge too', () => {
    const centre = fc.record({ lat: fc.double({ min: -85, max: 85, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) });
    fc.assert(
      fc.property(centre, fc.double({ min: 0.5, max: 120, noNaN: true }), fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true })), { minLength: 50, maxLength: 50 }), (c, radiusKm, points) => {
        const cells = coveringCells(radiusBox(c, radiusKm));
        if (!cells) return; // whole latitude rows are read: nothing is left out
        const listed = new Set(cells);
        for (const [share, deg] of points) {
          // Half of the points right at the edge (where corner cells are dropped), half anywhere inside.
          const km = share < 0.5 ? radiusKm * (1 - 1e-9) : radiusKm * share * 2 - radiusKm;
          const [lat, lng] = destination(c.lat, c.lng, Math.max(0, km), deg);
          if (haversineKm(c.lat, c.lng, lat, lng) > radiusKm) continue;
          expect(listed.has(positionCell(lat, lng)), `${lat},${lng} at ${km} km of ${c.lat},${c.lng} (r ${radiusKm})`).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('lists fewer cells than the box around the circle, and gives up on lists too long to probe', () => {
    const berlin = { lat: 52.52437, lng: 13.41053 };
    const cells = coveringCells(radiusBox(berlin, 25))!;
    // The box spans 6 rows by 8 columns of 0.1° cells; the corners beyond 25 km are dropped.
    expect(cells.length).toBeLessThan(6 * 8);
    expect(cells.length).toBeGreaterThan(30);
    expect(coveringCells(radiusBox(berlin, 100))!.length).toBeLessThanOrEqual(MAX_CELLS);
    expect(coveringCells(radiusBox(berlin, 500))).toBeUndefined();
    expect(coveringCells(radiusBox({ lat: -17, lng: 179.95 }, 25))).toBeUndefined();
  });
});
