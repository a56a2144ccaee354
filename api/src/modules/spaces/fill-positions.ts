// The data half of the positions migration (issue 18), in spaces, the owner of the table: listings created before positions existed get their
// city's position from the gazetteer, once, at start under the migration lock (the SQL migration cannot read
// the gazetteer). A listing whose city the gazetteer does not know keeps none until its owner edits it or sets
// a pin; it is then simply not found by distance. See docs/decisions/0902-listing-positions.md.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client';
import { spaces } from '#db/schema/index';
import { cityPosition } from '../places/index';

/** Fills the listings without a position from city and country; returns how many were found. */
export async function fillListingPositions(db: Database): Promise<number> {
  const pending = await db
    .selectDistinct({ city: spaces.city, country: spaces.country })
    .from(spaces)
    .where(and(isNull(spaces.latitude), isNull(spaces.locationPrecision)));
  let filled = 0;
  for (const { city, country } of pending) {
    const position = cityPosition({ city, country });
    if (!position) continue;
    const rows = await db
      .update(spaces)
      .set(position)
      .where(and(eq(spaces.city, city), eq(spaces.country, country), isNull(spaces.latitude), sql`${spaces.locationPrecision} is null`))
      .returning({ id: spaces.id });
    filled += rows.length;
  }
  return filled;
}
