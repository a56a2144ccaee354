// The inquiry's status, written only here (the messaging module owns inquiries): an owner's answer marks the
// farmer's pending inquiries about the space responded (a reply, or terms proposed); accepted terms close
// them. Each runs in the caller's transaction.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { inquiries } from '#db/schema/index';

/** One farmer's inquiries about one space. */
export type InquiryThread = { spaceId: number; farmerId: number };

export async function markInquiriesResponded(tx: Executor, thread: InquiryThread): Promise<void> {
  await tx
    .update(inquiries)
    .set({ status: 'responded' })
    .where(and(eq(inquiries.spaceId, thread.spaceId), eq(inquiries.farmerId, thread.farmerId), eq(inquiries.status, 'pending')));
}

export async function closeInquiries(tx: Executor, thread: InquiryThread): Promise<void> {
  await tx
    .update(inquiries)
    .set({ status: 'closed' })
    .where(and(eq(inquiries.spaceId, thread.spaceId), eq(inquiries.farmerId, thread.farmerId)));
}

/**
 * Closing the farmer's account (issue 28): their inquiries stay with the owners they wrote to, message
 * and all, but the name and address copied onto them at the time go — the address may soon belong to
 * someone else. They show "Former member", like the farmer's messages.
 */
export async function forgetInquirerOf(tx: Executor, farmerId: number, replacement: { name: string; email: string }): Promise<void> {
  await tx.update(inquiries).set({ farmerName: replacement.name, farmerEmail: replacement.email }).where(eq(inquiries.farmerId, farmerId));
}
