// The owner's payments for the Billing tab and the printable receipt page.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Receipt } from '#contracts/payments.schemas';
import type { Executor } from '#db/client';
import { coupons, payments } from '#db/schema/index';
import { AppError } from '../../lib/app-error';

function toReceipt(row: typeof payments.$inferSelect, couponName: string | null): Receipt {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    spaceId: row.spaceId,
    spaceTitle: row.spaceTitle,
    paymentType: row.paymentType,
    amount: row.amount,
    listPrice: row.listPriceCents === null ? null : (row.listPriceCents / 100).toFixed(2),
    currency: row.currency.toUpperCase(),
    status: row.status,
    couponName,
    liveUntil: row.liveUntil?.toISOString() ?? null,
    paymentIntentId: row.paymentIntentId,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** Payments that mean something to the owner: paid, free and failed ones (replaced and open intents are noise). */
export async function listReceipts(db: Executor, userId: number): Promise<Receipt[]> {
  const rows = await db
    .select({ payment: payments, couponName: coupons.name })
    .from(payments)
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['succeeded', 'failed'])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(200);
  return rows.map((r) => toReceipt(r.payment, r.couponName));
}

export async function getReceipt(db: Executor, { userId, paymentId: id }: { userId: number; paymentId: number }): Promise<Receipt> {
  const [row] = await db
    .select({ payment: payments, couponName: coupons.name })
    .from(payments)
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw AppError.notFound('Receipt not found.');
  return toReceipt(row.payment, row.couponName);
}
