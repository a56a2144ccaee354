// The operators' console's writes (issue 19): an action on a listing, a person, a report, a payment, a
// coupon or a job's failed item, and a new coupon. Each posts through the api-client and then asks every console read again, since
// one action changes what several screens show (the queue, the listing, the person, the audit log).
import type { AdminActionRequest, AdminCouponRequest } from '#contracts/moderation.schemas';
import { apiFetch } from '../api/api-client';
import { revalidateKeys } from '../api/fetcher';

function refreshConsole(): void {
  revalidateKeys((key) => key.startsWith('/api/admin'));
}

/** An operator's action with its reason (kept in the audit log); a refund says whether the listing stays published. */
export async function runAdminAction(path: string, body: AdminActionRequest): Promise<void> {
  await apiFetch(path, { method: 'POST', body });
  refreshConsole();
}

export async function createCoupon(coupon: AdminCouponRequest): Promise<void> {
  await apiFetch('/api/admin/coupons', { method: 'POST', body: coupon });
  refreshConsole();
}

/** The jobs view asked again (its figures move on their own: runs, waiting rows, lag). */
export function refreshAdminJobs(): void {
  revalidateKeys((key) => key === '/api/admin/jobs');
}
