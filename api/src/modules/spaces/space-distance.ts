// Distance in SQL (issue 18, docs/decisions/0901): one haversine expression for browse, the sort, each space's
// distanceKm and the saved-search alerts, so all of them compute the same double for the same pair of points;
// and the bounding box that lets the B-tree on (latitude, longitude) narrow a radius search first.
import { sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from '#contracts/places';
import type { SpaceFilterValues } from '#contracts/space-filters';
import { spaces } from '#db/schema/index';
import { AppError } from '../../lib/app-error';
import { placeById } from '../places/gazetteer';

type Operand = SQL | number;
const operand = (v: Operand) => (typeof v === 'number' ? sql`${v}::float8` : v);

/** Great-circle km from (lat, lng) to the listing's position; null when the listing has none. */
export function distanceKmSql(lat: Operand, lng: Operand): SQL<number | null> {
  const la = operand(lat);
  const lo = operand(lng);
  // The haversine term clamped to 1 by a case (least() would skip a null and make "no position" 20,015 km).
  const h = sql`sqrt(power(sin(radians(${spaces.latitude} - ${la}) / 2), 2) + cos(radians(${la})) * cos(radians(${spaces.latitude})) * power(sin(radians(${spaces.longitude} - ${lo}) / 2), 2))`;
  return sql<number | null>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(case when ${h} > 1 then 1::float8 else ${h} end))`;
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

/**
 * Rows within radiusKm of the centre: a bounding box the index can use (slightly larger than the circle, so
 * it never drops a row the exact distance keeps), then the exact distance.
 */
export function withinRadius(c: Center, radiusKm: number): SQL {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI * 1.001 + 1e-9;
  const conditions = [sql`${spaces.latitude} between ${c.lat - dLat}::float8 and ${c.lat + dLat}::float8`];
  const cosLat = Math.cos((c.lat * Math.PI) / 180);
  // The widest longitude span of a circle (asin(sin r / cos φ)); near a pole or across ±180 no longitude bound.
  if (Math.sin(angle) < cosLat * 0.999) {
    const dLng = (Math.asin(Math.sin(angle) / cosLat) * 180) / Math.PI * 1.001 + 1e-9;
    if (c.lng - dLng >= -180 && c.lng + dLng <= 180) conditions.push(sql`${spaces.longitude} between ${c.lng - dLng}::float8 and ${c.lng + dLng}::float8`);
  }
  conditions.push(sql`${distanceKmSql(c.lat, c.lng)} <= ${radiusKm}::float8`);
  return sql.join(conditions, sql` and `);
}
