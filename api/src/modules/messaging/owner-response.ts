// How an owner answers (issue 28, docs/decisions/1505): of the inquiries about their listings since a date,
// how many got a message from them, and how long the first one took. Read from the messages themselves, so
// it is what farmers lived, not a status someone could set.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '#db/client';

export type OwnerResponse = { inquiries: number; answered: number; medianHours: number | null };

export async function ownerResponse(db: Executor, { ownerId, since }: { ownerId: number; since: Date }): Promise<OwnerResponse> {
  // Raw: a lateral sub-select (the owner's first message after each inquiry) and an ordered-set aggregate
  // (percentile_cont … within group), neither of which the builder can say.
  const [row] = await queryRows<{ inquiries: number; answered: number; median_seconds: number | string | null }>(
    db,
    sql`
      select count(*)::int as inquiries,
             count(r.first_reply)::int as answered,
             percentile_cont(0.5) within group (order by extract(epoch from r.first_reply - i.created_at)) as median_seconds
      from inquiries i
      join spaces s on s.id = i.space_id and s.owner_id = ${ownerId}
      left join conversations c on c.space_id = i.space_id and c.farmer_id = i.farmer_id
      left join lateral (
        select min(m.created_at) as first_reply from messages m
        where m.conversation_id = c.id and m.sender_id = ${ownerId} and m.created_at >= i.created_at
      ) r on true
      where i.created_at >= ${since.toISOString()}`,
  );
  const seconds = row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds);
  return { inquiries: Number(row?.inquiries ?? 0), answered: Number(row?.answered ?? 0), medianHours: seconds === null ? null : seconds / 3600 };
}
