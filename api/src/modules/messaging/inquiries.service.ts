// The inquiry lists of the dashboard (spec 2.8, 7): those a farmer sent and those an owner received.
import { sql } from 'drizzle-orm';
import type { ReceivedInquiry, SentInquiry } from '../../../../contracts/messaging';
import { queryRows, type Executor } from '../../../../db/client';

/** A dashboard list, not an archive: the newest this many. */
export const INQUIRY_LIST_LIMIT = 200;

type Status = SentInquiry['status'];

export async function listSentInquiries(db: Executor, farmerId: number): Promise<SentInquiry[]> {
  const rows = await queryRows<{ id: number; space_id: number; message: string; status: Status; created_at: Date | string; title: string; location: string; city: string; no_longer_listed: boolean }>(
    db,
    sql`select i.id, i.space_id, i.message, i.status, i.created_at, s.title, s.location, s.city, s.deleted_at is not null as no_longer_listed
        from inquiries i join spaces s on s.id = i.space_id
        where i.farmer_id = ${farmerId}
        order by i.created_at desc, i.id desc limit ${INQUIRY_LIST_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    spaceId: Number(r.space_id),
    message: r.message,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    space: { id: Number(r.space_id), title: r.title, location: r.location, city: r.city, noLongerListed: Boolean(r.no_longer_listed) },
  }));
}

export async function listReceivedInquiries(db: Executor, ownerId: number): Promise<ReceivedInquiry[]> {
  const rows = await queryRows<{
    id: number;
    space_id: number;
    farmer_name: string;
    farmer_email: string;
    message: string;
    status: Status;
    created_at: Date | string;
    title: string;
    no_longer_listed: boolean;
    conversation_id: number | null;
  }>(
    db,
    sql`select i.id, i.space_id, i.farmer_name, i.farmer_email, i.message, i.status, i.created_at, s.title, s.deleted_at is not null as no_longer_listed, c.id as conversation_id
        from inquiries i
        join spaces s on s.id = i.space_id
        left join conversations c on c.space_id = i.space_id and c.farmer_id = i.farmer_id
        where s.owner_id = ${ownerId}
        order by i.created_at desc, i.id desc limit ${INQUIRY_LIST_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    spaceId: Number(r.space_id),
    farmerName: r.farmer_name,
    farmerEmail: r.farmer_email,
    message: r.message,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    space: { id: Number(r.space_id), title: r.title, noLongerListed: Boolean(r.no_longer_listed) },
    conversationId: r.conversation_id === null ? null : Number(r.conversation_id),
  }));
}
