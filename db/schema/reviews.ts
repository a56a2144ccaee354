// Reviews after an agreed lease (issue 28, docs/decisions/1502), owned by the reviews module. One review per
// author and accepted proposal. `publishes_at` is the moment it becomes public: the first review's is set 14
// days after it was written, and the second review brings both to the moment it is written. Published is
// therefore `publishes_at <= now`, read at request time with the injected clock: no job has to run for a
// review to appear, and one indexed comparison serves the profile and the listings' ratings.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { leaseProposals } from './messaging';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => leaseProposals.id, { onDelete: 'restrict' }),
    /** Who wrote it. A closed account keeps its reviews, shown under "Former member" (the users row stays). */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who is reviewed: the other party of the agreement. */
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    publishesAt: timestamp('publishes_at', { withTimezone: true }).notNull(),
    /** Set once the "your review is published" e-mails are queued (at the second review, or by the job). */
    publishedNotifiedAt: timestamp('published_notified_at', { withTimezone: true }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Hidden by an operator (audited); a hidden review counts for nothing and is answered to nobody. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('reviews_one_per_author_idx').on(t.proposalId, t.authorId),
    // The profile's list and the listings' ratings: a person's visible reviews, newest first.
    index('reviews_subject_idx').on(t.subjectId, t.publishesAt.desc()).where(sql`${t.hiddenAt} is null`),
    index('reviews_author_idx').on(t.authorId),
    // The publication job's sweep: reviews published but not yet told.
    index('reviews_untold_idx').on(t.publishesAt).where(sql`${t.publishedNotifiedAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
