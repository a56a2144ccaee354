// Listing page views and card opens (issue 19), counted in this process's memory and added to
// space_daily_stats every VIEW_COUNT_FLUSH_MS (default 5 s) in one statement. Nothing about the viewer is
// read or kept (no cookie, no address): a count per listing and UTC day. A crash loses at most the counts
// of the last interval; a graceful stop flushes them (docs/decisions/1004).
import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ListingViewCounter } from '../../lib/ports';

export type { ListingViewCounter } from '../../lib/ports';

type Pending = { page: number; card: number };

/** A PostgreSQL array literal of numbers or ISO days (`{1,2,3}`), sent as a bound parameter. */
const arrayLiteral = (values: (number | string)[]) => `{${values.join(',')}}`;

export function createListingViewCounter(deps: { db: Executor; clock: Clock; logger: Logger; flushMs: number; enabled?: boolean }): ListingViewCounter {
  const enabled = deps.enabled ?? true;
  // day → space id → counts; a flush swaps the map, so counting never waits on the database.
  let pending = new Map<string, Map<number, Pending>>();
  let flushing: Promise<void> | null = null;

  async function writeOut(batch: Map<string, Map<number, Pending>>) {
    const days: string[] = [];
    const ids: number[] = [];
    const pages: number[] = [];
    const cards: number[] = [];
    for (const [day, bySpace] of batch) {
      for (const [id, c] of bySpace) {
        days.push(day);
        ids.push(id);
        pages.push(c.page);
        cards.push(c.card);
      }
    }
    if (!ids.length) return;
    // One statement: the per-listing rows, and the day's totals in daily_counts (what the console's overview
    // reads, so it never sums per-listing rows). A listing deleted meanwhile has no row: the join drops it.
    // Each column goes as one bound array parameter (a PostgreSQL array literal), never spliced into the text.
    // Raw: a data-modifying CTE (insert … on conflict do update) feeding a second upsert from unnest(…) arrays.
    await deps.db.execute(sql`
      with v as (
        select v.space_id, v.day, v.pages, v.cards
        from unnest(${arrayLiteral(ids)}::int[], ${arrayLiteral(days)}::date[], ${arrayLiteral(pages)}::int[], ${arrayLiteral(cards)}::int[])
          as v(space_id, day, pages, cards)
        join spaces s on s.id = v.space_id
      ), per_listing as (
        insert into space_daily_stats (space_id, day, page_views, card_opens)
        select space_id, day, pages, cards from v
        on conflict (space_id, day) do update set
          page_views = space_daily_stats.page_views + excluded.page_views,
          card_opens = space_daily_stats.card_opens + excluded.card_opens
      )
      insert into daily_counts (day, metric, value)
      select day, metric, sum(n) from (
        select day, 'page_views' as metric, pages as n from v union all select day, 'card_opens', cards from v
      ) t group by day, metric having sum(n) > 0
      on conflict (metric, day) do update set value = daily_counts.value + excluded.value`);
  }

  async function flush() {
    // One flush at a time: a second caller waits for the running one, then writes what came since.
    while (flushing) await flushing;
    const batch = pending;
    pending = new Map();
    flushing = writeOut(batch)
      .catch((error) => {
        // The database is away: the counts go back into the next batch rather than being lost.
        deps.logger.warn({ err: error }, 'listing view counts not written; kept for the next flush');
        for (const [day, bySpace] of batch) for (const [id, c] of bySpace) add(day, id, c.page, c.card);
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  function add(day: string, spaceId: number, page: number, card: number) {
    let bySpace = pending.get(day);
    if (!bySpace) pending.set(day, (bySpace = new Map()));
    const c = bySpace.get(spaceId);
    if (c) {
      c.page += page;
      c.card += card;
    } else bySpace.set(spaceId, { page, card });
  }

  const timer = enabled ? setInterval(() => void flush(), deps.flushMs) : null;
  timer?.unref();

  return {
    enabled,
    count(spaceId, kind) {
      if (!enabled) return;
      add(deps.clock.now().toISOString().slice(0, 10), spaceId, kind === 'page' ? 1 : 0, kind === 'card' ? 1 : 0);
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
