// Listings a farmer saved (issue 19's "saves by farmers"): the farmer's own short list, and a number the
// owner sees per day. Unsaving keeps the row with removedAt set, so saving again is not counted again: the
// owner's daily "saves" is the number of farmers who saved the listing for the first time that day
// (counted by a trigger on insert, docs/decisions/1006).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { spaces } from './spaces';
import { users } from './users';

export const savedSpaces = pgTable(
  'saved_spaces',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: integer('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** The first save: what the owner's numbers count. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest save: the farmer's list is ordered by it. */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while unsaved; cleared when saved again. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.spaceId] }), index('saved_spaces_user_idx').on(t.userId, t.savedAt).where(sql`${t.removedAt} is null`)],
);
