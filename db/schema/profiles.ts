// What a person says about themselves on their public profile, /people/{id} (issue 28). One row per person
// who wrote any of it; a person without a row has an empty profile. Owned by the profiles module.
import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const profiles = pgTable('profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  /** What a farmer grows, in their own words. */
  crops: varchar('crops', { length: 200 }).notNull().default(''),
  /** Growing system ids (contracts/growing-systems.ts). */
  growingSystems: text('growing_systems').array().notNull().default([]),
  experienceYears: integer('experience_years'),
  website: varchar('website', { length: 200 }),
  /** The profile picture's files ({key}-{width}.{avif|webp|jpg}, the photo pipeline's); the key is the
   *  person's own (derived from the content and the user id), so no other row ever names these files. */
  avatarKey: varchar('avatar_key', { length: 64 }),
  avatarWidths: integer('avatar_widths').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
