// The conversation list's query walks its keyset indexes (docs/decisions/0305): each side of the union
// reads the user's (last_message_at desc, id desc) index from the cursor and stops after limit + 1 entries,
// and nothing in the plan sorts. An index the order cannot walk (the old ones lacked id and were NULLS
// LAST, which `order by … desc` is not) shows up here as a Sort over the user's whole history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { conversationListSql, listConversations } from '#api/modules/messaging/conversations.service';
import { createTestDatabase, type TestDatabase } from '#tests/fixtures/test-database';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('conversation list plan', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    // User 1 farms in 300 conversations; users 2–301 own one space each.
    await db.execute(sql`insert into users (email, first_name, last_name, verified)
      select 'plan' || g || '@example.com', 'User', 'Number ' || g, true from generate_series(1, 301) g`);
    await db.execute(sql`insert into spaces (title, description, location, city, country, size, price_per_month, space_type, owner_id, has_listing_fee, is_active, expires_at)
      select 'Space ' || g, 'A space for growing.', g || ' Plan Street', 'Portland', 'US', 1000, 1500, 'rooftop', (select id from users where email = 'plan' || (g + 1) || '@example.com'), true, true, now() + interval '30 days'
      from generate_series(1, 300) g`);
    await db.execute(sql`insert into conversations (space_id, owner_id, farmer_id, last_message_at, created_at)
      select s.id, s.owner_id, (select id from users where email = 'plan1@example.com'), now() - s.id * interval '1 minute', now() from spaces s`);
    await db.execute(sql`analyze conversations`);
  });
  afterAll(async () => database.close());

  /** The plan of the list's query with sequential and bitmap scans off: what the indexes allow. */
  async function planOf(before?: string): Promise<PlanNode[]> {
    const [farmer] = await queryRows<{ id: number }>(database.db, sql`select id from users where email = 'plan1@example.com'`);
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${conversationListSql(farmer!.id, { limit: 50, before })}`);
      const plan = row!['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      return nodesOf(parsed[0]!.Plan);
    });
  }

  it.each([
    ['the first page', false],
    ['a page after a cursor', true],
  ])('%s walks both keyset indexes and sorts nothing', async (_name, paged) => {
    let before: string | undefined;
    if (paged) {
      const [farmer] = await queryRows<{ id: number }>(database.db, sql`select id from users where email = 'plan1@example.com'`);
      const first = await listConversations(database.db, farmer!.id, { limit: 50 });
      expect(first.conversations).toHaveLength(50);
      before = first.nextCursor!;
    }
    const nodes = await planOf(before);
    const conversationScans = nodes.filter((n) => n['Relation Name'] === 'conversations');
    expect(conversationScans.map((n) => `${n['Node Type']} ${n['Index Name']}`).sort()).toEqual(['Index Scan conversations_farmer_idx', 'Index Scan conversations_owner_idx']);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
  });
});
