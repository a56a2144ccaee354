// Saved-search alerts. notifySavedSearches runs inside the transaction that publishes a listing and
// records which live searches it matches (one indexed INSERT … SELECT from the listing to the searches).
// sendSavedSearchAlerts, a background job, turns pending matches into outbox e-mails: a search that had
// no alert in the last 24 h gets one at once; matches after that wait and go out together as the day's
// digest. A user who turned e-mail notifications off gets none: the job drops their pending matches. Each
// alert is pushed to the person's devices too (issue 30).
// See docs/decisions/0502-saved-search-alerts.md.
import { and, asc, count, eq, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { computeFit, FIT_LABELS, growingSystem } from '#contracts/growing';
import { queryRows, type Executor } from '#db/client';
import { savedSearchMatches, savedSearches, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { DAY } from '../../lib/clock';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { savedSearchAlertEmail } from '../email/index';
import { enqueueEmail } from '../email/index';
import { queuePush } from '../push/index';
import { alertFilterPredicate } from '../spaces/index';
import { publicSpacePredicate } from '../spaces/index';

export const ALERT_INTERVAL_MS = DAY;

/**
 * The live searches of other users that a listing matches, from the listing to the searches: the filters come
 * from the registry (alertFilterPredicate), whose equality keys probe the match index of saved_searches. A
 * listing that is not public matches nothing, as browse would not list it.
 */
export function savedSearchesMatching(spaceId: number, now: Date): SQL {
  return sql`select ${savedSearches.id} as saved_search_id, ${spaces.id} as space_id
             from ${spaces} join ${savedSearches} on ${alertFilterPredicate()}
             where ${spaces.id} = ${spaceId}
               and ${publicSpacePredicate(now)}
               and ${alertRecipientCondition()}`;
}

/** Which searches an alert goes to at all: live ones, not the listing owner's own (also the demand's rule). */
export function alertRecipientCondition(): SQL {
  return sql`${savedSearches.unsubscribedAt} is null and ${savedSearches.userId} <> ${spaces.ownerId}`;
}

/**
 * Records the matches of a just-published listing. Called by publishSpace in its transaction; a listing
 * published again (idempotent retries, a renewal) does not match a search twice. Returns the count.
 */
export async function notifySavedSearches(tx: Executor, spaceId: number, now: Date): Promise<number> {
  // Raw: insert … select from the match query (savedSearchesMatching), counted through a data-modifying CTE.
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with inserted as (
          insert into saved_search_matches (saved_search_id, space_id, matched_at)
          select m.saved_search_id, m.space_id, ${now.toISOString()}::timestamptz from (${savedSearchesMatching(spaceId, now)}) m
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from inserted`,
  );
  return Number(rows[0]?.n ?? 0);
}

type PendingMatch = {
  saved_search_id: number;
  space_id: number;
  title: string;
  city: string;
  size: number;
  space_type: string;
  floor_load_kg_m2: number | null;
  ceiling_height_m: number | null;
  power_kw: number | null;
  water: 'none' | 'tap' | 'dedicated' | null;
  floor_drain: boolean | null;
  sun_hours: number | null;
  climate_control: 'none' | 'heating' | 'cooling' | 'hvac' | null;
  still_public: boolean;
};

/**
 * Matches whose alert is due and not written yet (metrics): pending matches of live searches whose last
 * alert is a day old (or none). A match is due when it was made, or a day after the search's last alert if
 * that is later (one alert a day is the rule, not a lag); the oldest due time gives the lag.
 */
export async function alertBacklog(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Backlog> {
  const now = ctx.clock.now();
  const dayAgo = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const dueAt = sql<Date | string | null>`min(greatest(${savedSearchMatches.matchedAt}, coalesce(${savedSearches.lastAlertAt} + make_interval(secs => ${ALERT_INTERVAL_MS / 1000}), ${savedSearchMatches.matchedAt})))`;
  const [row] = await ctx.db
    .select({ n: count(), oldest: dueAt })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .where(and(isNull(savedSearchMatches.emailedAt), isNull(savedSearches.unsubscribedAt), or(isNull(savedSearches.lastAlertAt), lte(savedSearches.lastAlertAt, dayAgo))));
  return toBacklog(row, now);
}

/**
 * Writes the due alert e-mails: searches with pending matches whose last alert is a day old (or none).
 * The pending matches of users whose e-mail notifications are off (the master switch) are closed at once,
 * without an e-mail, so none pile up and none are sent later when the switch goes back on. Claims the searches with FOR UPDATE SKIP LOCKED, so every instance can run it. Returns e-mails written.
 */
export async function sendSavedSearchAlerts(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, batchSize = 100): Promise<number> {
  const now = ctx.clock.now();
  const dayAgo = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const site = ctx.config.PUBLIC_SITE_URL;
  return ctx.db.transaction(async (tx) => {
    // Claimed: another instance's job skips the searches this one holds. From the pending matches (a small
    // partial index), not from all searches: a tick with nothing due reads no search at all.
    const due = await tx
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        query: savedSearches.query,
        system: savedSearches.system,
        unsubscribe_token: savedSearches.unsubscribeToken,
        user_id: savedSearches.userId,
        email: users.email,
        email_notifications: users.emailNotifications,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          inArray(savedSearches.id, tx.select({ id: savedSearchMatches.savedSearchId }).from(savedSearchMatches).where(isNull(savedSearchMatches.emailedAt))),
          isNull(savedSearches.unsubscribedAt),
          or(not(users.emailNotifications), isNull(savedSearches.lastAlertAt), lte(savedSearches.lastAlertAt, dayAgo)),
        ),
      )
      .orderBy(asc(savedSearches.id))
      .limit(batchSize)
      .for('update', { of: savedSearches, skipLocked: true });
    if (!due.length) return 0;
    const ids = due.filter((d) => d.email_notifications).map((d) => d.id);
    // Raw: the one public predicate (0200) is SQL on the spaces table's own name, selected as a column.
    const matches = !ids.length
      ? []
      : await queryRows<PendingMatch>(
      tx,
      // Written on the table's own name (no alias) so the one public predicate (0200) applies as it is.
      sql`select m.saved_search_id, spaces.id as space_id, spaces.title, spaces.city, spaces.size, spaces.space_type::text as space_type, spaces.floor_load_kg_m2,
                 spaces.ceiling_height_m, spaces.power_kw, spaces.water::text as water, spaces.floor_drain, spaces.sun_hours, spaces.climate_control::text as climate_control,
                 ${publicSpacePredicate(now)} as still_public
          from saved_search_matches m join ${spaces} on spaces.id = m.space_id
          where m.emailed_at is null and m.saved_search_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          order by m.matched_at, spaces.id`,
    );
    let written = 0;
    for (const search of due) {
      const system = growingSystem(search.system);
      // A listing paused or expired since it matched is left out of the e-mail.
      const listings = matches
        .filter((m) => m.saved_search_id === search.id && m.still_public)
        .map((m) => ({
          title: m.title,
          city: m.city,
          url: `${site}/spaces/${m.space_id}`,
          fit: system
            ? `${FIT_LABELS[computeFit(system, { floorLoadKgM2: m.floor_load_kg_m2, ceilingHeightM: m.ceiling_height_m, powerKw: m.power_kw, water: m.water, floorDrain: m.floor_drain, sunHours: m.sun_hours, climateControl: m.climate_control, sizeSqFt: m.size, spaceType: m.space_type }).level]} for ${system.name}`
            : undefined,
        }));
      if (listings.length) {
        const unsubscribeUrl = `${site}/api/saved-searches/unsubscribe?token=${search.unsubscribe_token}`;
        await enqueueEmail({ db: tx, clock: ctx.clock }, {
          userId: search.user_id,
          type: 'saved_search_alert',
          recipient: search.email,
          content: savedSearchAlertEmail({ searchName: search.name, listings, searchUrl: `${site}/spaces${search.query ? `?${search.query}` : ''}`, unsubscribeUrl }),
          // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to this address.
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        // The same alert on the person's devices (issue 30), under the same once-a-day rule.
        await queuePush({ db: tx, clock: ctx.clock }, { kind: 'saved_search_alert', userId: search.user_id, searchName: search.name, listingTitles: listings.map((l) => l.title), url: `/spaces${search.query ? `?${search.query}` : ''}` });
        written += 1;
        await tx.update(savedSearches).set({ lastAlertAt: now }).where(eq(savedSearches.id, search.id));
      }
      await tx
        .update(savedSearchMatches)
        .set({ emailedAt: now })
        .where(and(eq(savedSearchMatches.savedSearchId, search.id), isNull(savedSearchMatches.emailedAt)));
    }
    return written;
  });
}

/**
 * A published listing's saved-search counts for its owner's numbers (issue 29, decision 1602): `matchingNow`,
 * the live searches the alerts' predicate matches today (savedSearchesMatching: what would be told if it were
 * published now; 0 while it is not public), and `matchedWhenPublished`, the matches the alerts recorded at its
 * publication(s) and still keep (a search deleted since, or unsubscribed before its alert went, is gone).
 * Exact counts of people (accounts: one farmer's five searches are one); the release rule is the caller's.
 */
export async function listingSearchCounts(db: Executor, spaceId: number, now: Date): Promise<{ matchingNow: number; matchedWhenPublished: number }> {
  // Raw: a count of people (accounts, decision 1603) over the match query (savedSearchesMatching, itself SQL)
  // beside the recorded matches' people.
  const [row] = await queryRows<{ now: number; recorded: number }>(
    db,
    sql`select (select count(distinct s.${sql.identifier(savedSearches.userId.name)})::int from (${savedSearchesMatching(spaceId, now)}) m join ${savedSearches} s on s.id = m.saved_search_id) as now,
               (select count(distinct s.${sql.identifier(savedSearches.userId.name)})::int from ${savedSearchMatches} join ${savedSearches} s on s.id = ${savedSearchMatches.savedSearchId} where ${savedSearchMatches.spaceId} = ${spaceId}) as recorded`,
  );
  return { matchingNow: Number(row?.now ?? 0), matchedWhenPublished: Number(row?.recorded ?? 0) };
}
