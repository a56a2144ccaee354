// Saved-search alerts. notifySavedSearches runs inside the transaction that publishes a listing and
// records which live searches it matches (one indexed INSERT … SELECT from the listing to the searches).
// sendSavedSearchAlerts, a background job, turns pending matches into outbox e-mails: a search that had
// no alert in the last 24 h gets one at once; matches after that wait and go out together as the day's
// digest. A user who turned e-mail notifications off gets none: the job drops their pending matches.
// See docs/decisions/0502-saved-search-alerts.md.
import { sql } from 'drizzle-orm';
import { computeFit, FIT_LABELS, growingSystem } from '../../../../contracts/growing';
import { queryRows, type Executor } from '../../../../db/client';
import type { AppContext } from '../../app-context';
import { DAY } from '../../lib/clock';
import { savedSearchAlertEmail } from '../email/email-templates';
import { enqueueEmail } from '../email/outbox';

export const ALERT_INTERVAL_MS = DAY;

/**
 * Records the matches of a just-published listing. Called by publishSpace in its transaction; a listing
 * published again (idempotent retries, a renewal) does not match a search twice. Returns the count.
 */
export async function notifySavedSearches(tx: Executor, spaceId: number, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with inserted as (
          insert into saved_search_matches (saved_search_id, space_id, matched_at)
          select ss.id, s.id, ${now.toISOString()}::timestamptz
          from spaces s
          join saved_searches ss
            on ss.city_key = any(array['', lower(s.city)])
           and ss.country_key = any(array['', s.country])
           and ss.space_type_key = any(array['', s.space_type::text])
           and (ss.min_size is null or ss.min_size <= s.size)
          where s.id = ${spaceId}
            and ss.unsubscribed_at is null
            and ss.user_id <> s.owner_id
            and (ss.max_size is null or ss.max_size >= s.size)
            and (ss.max_price is null or ss.max_price >= s.price_per_month)
            and ss.amenities <@ s.amenities
            and (ss.min_ceiling_m is null or s.ceiling_height_m >= ss.min_ceiling_m)
            and (ss.min_floor_load_kg_m2 is null or s.floor_load_kg_m2 >= ss.min_floor_load_kg_m2)
            and (ss.min_power_kw is null or s.power_kw >= ss.min_power_kw)
            and (ss.water is null or (ss.water = 'tap' and s.water in ('tap', 'dedicated')) or (ss.water = 'dedicated' and s.water = 'dedicated'))
            and (not ss.access_24h or coalesce(s.access_24h, false))
            and (ss.available_by is null or s.available_from is null or s.available_from <= ss.available_by)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from inserted`,
  );
  return Number(rows[0]?.n ?? 0);
}

type DueSearch = {
  id: number;
  name: string;
  query: string;
  system: string | null;
  unsubscribe_token: string;
  user_id: number;
  email: string;
  first_name: string;
  email_notifications: boolean;
};
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
 * Writes the due alert e-mails: searches with pending matches whose last alert is a day old (or none).
 * The pending matches of users whose e-mail notifications are off (the master switch) are closed at once,
 * without an e-mail, so none pile up and none are sent later when the switch goes back on. Claims the searches with FOR UPDATE SKIP LOCKED, so every instance can run it. Returns e-mails written.
 */
export async function sendSavedSearchAlerts(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, batchSize = 100): Promise<number> {
  const now = ctx.clock.now();
  const dayAgo = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  const site = ctx.config.PUBLIC_SITE_URL;
  return ctx.db.transaction(async (tx) => {
    const due = await queryRows<DueSearch>(
      tx,
      sql`select ss.id, ss.name, ss.query, ss.system, ss.unsubscribe_token, ss.user_id, u.email, u.first_name, u.email_notifications
          from saved_searches ss join users u on u.id = ss.user_id
          -- From the pending matches (a small partial index), not from all searches: a tick with nothing due
          -- reads no search at all.
          where ss.id in (select m.saved_search_id from saved_search_matches m where m.emailed_at is null)
            and ss.unsubscribed_at is null
            and (not u.email_notifications or ss.last_alert_at is null or ss.last_alert_at <= ${dayAgo}::timestamptz)
          order by ss.id
          limit ${batchSize}
          for update of ss skip locked`,
    );
    if (!due.length) return 0;
    const ids = due.filter((d) => d.email_notifications).map((d) => d.id);
    const matches = !ids.length
      ? []
      : await queryRows<PendingMatch>(
      tx,
      sql`select m.saved_search_id, s.id as space_id, s.title, s.city, s.size, s.space_type::text as space_type, s.floor_load_kg_m2,
                 s.ceiling_height_m, s.power_kw, s.water::text as water, s.floor_drain, s.sun_hours, s.climate_control::text as climate_control,
                 (s.is_active and s.has_listing_fee and s.expires_at > ${now.toISOString()}::timestamptz) as still_public
          from saved_search_matches m join spaces s on s.id = m.space_id
          where m.emailed_at is null and m.saved_search_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          order by m.matched_at, s.id`,
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
        await enqueueEmail(tx, ctx.clock, {
          userId: search.user_id,
          type: 'saved_search_alert',
          recipient: search.email,
          content: savedSearchAlertEmail({ searchName: search.name, listings, searchUrl: `${site}/spaces${search.query ? `?${search.query}` : ''}`, unsubscribeUrl }),
          // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to this address.
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        written += 1;
        await tx.execute(sql`update saved_searches set last_alert_at = ${now.toISOString()}::timestamptz where id = ${search.id}`);
      }
      await tx.execute(sql`update saved_search_matches set emailed_at = ${now.toISOString()}::timestamptz where saved_search_id = ${search.id} and emailed_at is null`);
    }
    return written;
  });
}
