// Distance in SQL (issue 18, docs/decisions/0901): one haversine expression for browse, the sort and the
// saved-search alerts, so all of them compute the same double for the same pair of points (each space's
// distanceKm, shown to 10 m, is the same formula in JS: contracts/places.ts haversineKm, decision 0904);
// and the grid cells (docs/decisions/0904) that let the cell index narrow a radius or map search first.
import { sql, type SQL } from 'drizzle-orm';
import { CELL_ROW_SPAN, CELLS_PER_DEGREE, EARTH_RADIUS_KM } from '#contracts/places';
import type { SpaceFilterValues } from '#contracts/space-filters';
import { positionCell, spaces } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { placeById } from '../places/index';

type Operand = SQL | number;
const operand = (v: Operand) => (typeof v === 'number' ? sql`${v}::float8` : v);

/** Great-circle km from (lat, lng) to the listing's position; null when the listing has none. */
export function distanceKmSql(lat: Operand, lng: Operand): SQL<number | null> {
  const la = operand(lat);
  const lo = operand(lng);
  const h = sql`sqrt(power(sin(radians(${spaces.latitude} - ${la}) / 2), 2) + cos(radians(${la})) * cos(radians(${spaces.latitude})) * power(sin(radians(${spaces.longitude} - ${lo}) / 2), 2))`;
  // The haversine term clamped to 1 by least(), computed once per row; least() would skip a null (and make
  // "no position" 20,015 km), so a missing coordinate is answered null first.
  const known = [spaces.latitude, spaces.longitude, ...(typeof lat === 'number' ? [] : [la]), ...(typeof lng === 'number' ? [] : [lo])];
  return sql<number | null>`(case when ${sql.join(
    known.map((v) => sql`${v} is not null`),
    sql` and `,
  )} then 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, ${h})) end)`;
}

export type Center = { lat: number; lng: number };

/** The centre a query names (near = a gazetteer place, or lat/lng); an unknown place is a 400 on `near`. */
export function queryCenter(v: SpaceFilterValues<'place'>): Center | undefined {
  if (v.near !== undefined) {
    const place = placeById(v.near);
    if (!place) throw AppError.badRequest('near: is not a known place', { near: 'is not a known place' });
    return { lat: place.latitude, lng: place.longitude };
  }
  if (v.lat !== undefined && v.lng !== undefined) return { lat: v.lat, lng: v.lng };
  return undefined;
}

/** Beyond this many cells a search probes whole latitude rows of cells instead (one index range). */
export const MAX_CELLS = 1000;

export type Box = {
  minLat: number;
  maxLat: number;
  minLng?: number;
  maxLng?: number;
  /** True when no point of the cell [lat0, lat1] × [lng0, lng1] can match (a circle's corner cells). */
  outside?: (lat0: number, lat1: number, lng0: number, lng1: number) => boolean;
};

const RAD = Math.PI / 180;
const hav = (angle: number) => Math.sin(angle / 2) ** 2;

/**
 * A lower bound of the haversine term from the centre to any point of a cell: each of its two parts at its
 * smallest over the cell (the latitude gap, the longitude gap, the smaller cosine of the cell's edges), so a
 * cell is dropped only when even that bound is beyond the radius.
 */
function cellBeyond(c: Center, radiusKm: number) {
  const limit = hav(radiusKm / EARTH_RADIUS_KM) * 1.001 + 1e-12;
  const cosC = Math.cos(c.lat * RAD);
  return (lat0: number, lat1: number, lng0: number, lng1: number) => {
    const dLat = c.lat < lat0 ? lat0 - c.lat : c.lat > lat1 ? c.lat - lat1 : 0;
    const dLng = c.lng < lng0 ? lng0 - c.lng : c.lng > lng1 ? c.lng - lng1 : 0;
    const cosCell = Math.min(Math.cos(lat0 * RAD), Math.cos(lat1 * RAD));
    return hav(dLat * RAD) + cosC * Math.max(0, cosCell) * hav(Math.min(dLng, 180) * RAD) > limit;
  };
}

/**
 * The cells a box touches, less those `outside` rules out; undefined when they would be more than MAX_CELLS
 * or the box has no longitude bounds (a pole, across ±180°).
 */
export function coveringCells(box: Box): number[] | undefined {
  if (box.minLng === undefined || box.maxLng === undefined) return undefined;
  const row0 = Math.floor(Math.max(-90, box.minLat) * CELLS_PER_DEGREE);
  const row1 = Math.floor(Math.min(90, box.maxLat) * CELLS_PER_DEGREE);
  const col0 = Math.floor(box.minLng * CELLS_PER_DEGREE);
  const col1 = Math.floor(box.maxLng * CELLS_PER_DEGREE);
  if ((row1 - row0 + 1) * (col1 - col0 + 1) > MAX_CELLS) return undefined;
  const cells: number[] = [];
  for (let r = row0; r <= row1; r++)
    for (let c = col0; c <= col1; c++)
      if (!box.outside?.(r / CELLS_PER_DEGREE, (r + 1) / CELLS_PER_DEGREE, c / CELLS_PER_DEGREE, (c + 1) / CELLS_PER_DEGREE)) cells.push(r * CELL_ROW_SPAN + c);
  return cells;
}

/** The box around a circle, slightly larger than it (so it never drops a row the exact distance keeps). */
export function radiusBox(c: Center, radiusKm: number): Box {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI * 1.001 + 1e-9;
  const box: Box = { minLat: c.lat - dLat, maxLat: c.lat + dLat, outside: cellBeyond(c, radiusKm) };
  const cosLat = Math.cos((c.lat * Math.PI) / 180);
  // The widest longitude span of a circle (asin(sin r / cos φ)); near a pole or across ±180 no longitude bound.
  if (Math.sin(angle) < cosLat * 0.999) {
    const dLng = (Math.asin(Math.sin(angle) / cosLat) * 180) / Math.PI * 1.001 + 1e-9;
    if (c.lng - dLng >= -180 && c.lng + dLng <= 180) Object.assign(box, { minLng: c.lng - dLng, maxLng: c.lng + dLng });
  }
  return box;
}

/**
 * The index condition of a box: its cells, listed (one index probe each), or the range of its latitude
 * rows of cells when coveringCells gives none.
 */
export function cellsCondition(box: Box, opaque = false): SQL {
  const cell = positionCell(spaces.latitude, spaces.longitude);
  const cells = coveringCells(box);
  // `opaque`: the list as a sub-select's value, which the planner does not look into: it then estimates the
  // list as a few cells instead of looking up every cell in the statistics (a third of the planning of a
  // count, decision 0904). Only where the plan does not depend on it.
  if (cells) return opaque ? sql`${cell} = any((select ${sql.param(cells)}::int[])::int[])` : sql`${cell} = any(${sql.param(cells)}::int[])`;
  const half = 180 * CELLS_PER_DEGREE;
  const row0 = Math.floor(Math.max(-90, box.minLat) * CELLS_PER_DEGREE);
  const row1 = Math.floor(Math.min(90, box.maxLat) * CELLS_PER_DEGREE);
  return sql`${cell} between ${row0 * CELL_ROW_SPAN - half} and ${row1 * CELL_ROW_SPAN + half}`;
}

/**
 * Rows within radiusKm of the centre: the cells around the circle (the index) and the circle's box, then the
 * exact distance. The box's latitude/longitude bounds let the planner estimate the rows from those columns'
 * histograms, which find an empty area empty (decision 0904: estimated by the cells alone, an area with no
 * listings looked dense, and the page walked the whole newest index).
 * `walk` (the caller counted more than a page's worth of matches) is the exact distance with the box as
 * distances from the centre: the page then walks its sort order and stops after one page, and the
 * statement is cheaper to plan.
 */
export function withinRadius(c: Center, radiusKm: number, plan: 'probe' | 'count' | 'walk' = 'probe'): SQL {
  const distance = sql`${distanceKmSql(c.lat, c.lng)} <= ${radiusKm}::float8`;
  const box = radiusBox(c, radiusKm);
  // `count`: the capped count that decides the first page's plan reads the cells index-only whatever their
  // estimate, so it needs neither the bounds nor the cells' statistics, only to be cheap to plan.
  if (plan === 'count') return sql`${cellsCondition(box, true)} and ${distance}`;
  if (plan === 'walk') {
    // The walk reads the whole sort order's index entries of the other filters (most of them far away):
    // the box, written as distances from the centre, turns those away before their haversine. As
    // expressions they carry the planner's default selectivity, not the histograms' (which would make the
    // dense circle look nearly empty and the walk look long).
    const near = [
      sql`abs(${spaces.latitude} - ${c.lat}::float8) <= ${(box.maxLat - box.minLat) / 2}::float8`,
      ...(box.minLng === undefined || box.maxLng === undefined ? [] : [sql`abs(${spaces.longitude} - ${c.lng}::float8) <= ${(box.maxLng - box.minLng) / 2}::float8`]),
    ];
    return sql.join([...near, distance], sql` and `);
  }
  const bounds = [
    sql`${spaces.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
    ...(box.minLng === undefined ? [] : [sql`${spaces.longitude} between ${box.minLng}::float8 and ${box.maxLng}::float8`]),
  ];
  return sql.join([cellsCondition(box), ...bounds, distance], sql` and `);
}
