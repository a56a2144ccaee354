// Saved-search alerts. notifySavedSearches runs inside the transaction that publishes a listing and
// records which live searches it matches (one indexed INSERT … SELECT from the listing to the searches).
// sendSavedSearchAlerts, a background job, turns pending matches into outbox e-mails: a search that had
// no alert in the last 24 h gets one at once; matches after that wait and go out together as the day's
// digest. A user who turned e-mail notifications off gets none: the job drops their pending matches. Each
// alert is pushed to the person's devices too (issue 30).
// See docs/decisions/0502-saved-search-alerts.md.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { MODERATION_MESSAGES, type AdminFailedItem } from '#contracts/moderation';
import { computeFit, FIT_LABELS, growingSystem } from '#contracts/growing';
import { queryRows, type Database, type Executor } from '#db/client';
import { savedSearchMatches, savedSearches, spaces, users } from '#db/schema/index';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Operator } from '../../lib/audit-log';
import { DAY, type Clock } from '../../lib/clock';
import { rootErrorReason } from '../../lib/logger';
import { toBacklog, type Backlog } from '../../lib/metrics';
import { savedSearchAlertEmail } from '../email/index';
import { enqueueEmail } from '../email/index';
import { queuePush } from '../push/index';
import { alertFilterPredicate } from '../spaces/index';
import { publicSpacePredicate } from '../spaces/index';

export const ALERT_INTERVAL_MS = DAY;
/** Runs in a row in which a search's alert failed before it is parked (skipped until an operator acts). */
export const ALERT_MAX_ATTEMPTS = 5;

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
    .where(and(isNull(savedSearchMatches.emailedAt), isNull(savedSearches.unsubscribedAt), isNull(savedSearches.alertFailedAt), or(isNull(savedSearches.lastAlertAt), lte(savedSearches.lastAlertAt, dayAgo))));
  return toBacklog(row, now);
}

/**
 * Writes the due alert e-mails: searches with pending matches whose last alert is a day old (or none).
 * The pending matches of users whose e-mail notifications are off (the master switch) are closed at once,
 * without an e-mail, so none pile up and none are sent later when the switch goes back on. Claims the searches with FOR UPDATE SKIP LOCKED, so every instance can run it. Returns e-mails written.
 */
export async function sendSavedSearchAlerts(ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'logger'>, batchSize = 100): Promise<number> {
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
        alert_attempts: savedSearches.alertAttempts,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          inArray(savedSearches.id, tx.select({ id: savedSearchMatches.savedSearchId }).from(savedSearchMatches).where(isNull(savedSearchMatches.emailedAt))),
          isNull(savedSearches.unsubscribedAt),
          isNull(savedSearches.alertFailedAt),
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
    /** One search's alert (its e-mail and push) and its matches closed; 1 when an alert was written. */
    const writeAlert = async (sp: Executor, search: (typeof due)[number]): Promise<number> => {
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
        await enqueueEmail({ db: sp, clock: ctx.clock }, {
          userId: search.user_id,
          type: 'saved_search_alert',
          recipient: search.email,
          content: savedSearchAlertEmail({ searchName: search.name, listings, searchUrl: `${site}/spaces${search.query ? `?${search.query}` : ''}`, unsubscribeUrl }),
          // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to this address.
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        // The same alert on the person's devices (issue 30), under the same once-a-day rule.
        await queuePush({ db: sp, clock: ctx.clock }, { kind: 'saved_search_alert', userId: search.user_id, searchName: search.name, listingTitles: listings.map((l) => l.title), url: `/spaces${search.query ? `?${search.query}` : ''}` });
      }
      // A search that failed before and goes out now starts its count again.
      const done = { ...(listings.length > 0 && { lastAlertAt: now }), ...(search.alert_attempts > 0 && { alertAttempts: 0, alertError: null }) };
      if (Object.keys(done).length) await sp.update(savedSearches).set(done).where(eq(savedSearches.id, search.id));
      await sp
        .update(savedSearchMatches)
        .set({ emailedAt: now })
        .where(and(eq(savedSearchMatches.savedSearchId, search.id), isNull(savedSearchMatches.emailedAt)));
      return listings.length ? 1 : 0;
    };
    let written = 0;
    for (const search of due) {
      // Each search in a savepoint of its own (issue 38 item 2): one whose alert cannot be written is rolled
      // back alone, counted, and parked after ALERT_MAX_ATTEMPTS runs; the searches behind it go out.
      try {
        written += await tx.transaction((sp) => writeAlert(sp, search));
      } catch (error) {
        const attempts = search.alert_attempts + 1;
        const parked = attempts >= ALERT_MAX_ATTEMPTS;
        const reason = rootErrorReason(error);
        ctx.logger.warn({ savedSearchId: search.id, attempts, parked, error: reason }, 'saved-search alert failed');
        await tx.update(savedSearches).set({ alertAttempts: attempts, alertError: reason, alertFailedAt: parked ? now : null }).where(eq(savedSearches.id, search.id));
      }
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

/** The searches whose alert was parked (the jobs view, docs/decisions/1404): the newest `limit` and how many. */
export async function failedAlerts(db: Executor, limit: number): Promise<{ total: number; items: AdminFailedItem[] }> {
  const parked = isNotNull(savedSearches.alertFailedAt);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(savedSearches).where(parked),
    db
      .select({ id: savedSearches.id, name: savedSearches.name, userId: savedSearches.userId, attempts: savedSearches.alertAttempts, lastError: savedSearches.alertError, failedAt: savedSearches.alertFailedAt })
      .from(savedSearches)
      .where(parked)
      .orderBy(desc(savedSearches.alertFailedAt), desc(savedSearches.id))
      .limit(limit),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({ id: r.id, label: `Alert for the saved search “${r.name}” of user #${r.userId}`, attempts: r.attempts, lastError: r.lastError, queuedAt: r.failedAt!.toISOString() })),
  };
}

/**
 * An operator puts a parked search's alert back in line (its attempts anew: the job writes it within seconds)
 * or drops it (its pending matches are closed without an alert; later listings alert as usual), with the
 * reason in the audit log in the same transaction. 404 when the search's alert is not (or no longer) parked.
 */
export async function settleFailedAlert(ctx: { db: Database; clock: Clock }, operator: Operator, input: { id: number; action: 'retry' | 'drop'; reason: string }): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, input.id), isNotNull(savedSearches.alertFailedAt)))
      .for('update');
    if (!row) throw AppError.notFound(MODERATION_MESSAGES.failedItemNotFound);
    await tx.update(savedSearches).set({ alertAttempts: 0, alertError: null, alertFailedAt: null }).where(eq(savedSearches.id, row.id));
    if (input.action === 'drop') await tx.update(savedSearchMatches).set({ emailedAt: now }).where(and(eq(savedSearchMatches.savedSearchId, row.id), isNull(savedSearchMatches.emailedAt)));
    await recordAudit(tx, {
      actor: operator,
      action: `job.${input.action}`,
      targetType: 'saved_search',
      targetId: row.id,
      reason: input.reason,
      details: { job: 'saved-search-alerts', attempts: row.alertAttempts, lastError: row.alertError, userId: row.userId },
      at: now,
    });
  });
}
