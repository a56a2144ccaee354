// The owner's payments through the islands' fetcher: the list on Settings → Billing, one receipt on
// /receipt?id=…, and the listing a checkout is for. Paying itself (intents, coupons, the status check)
// is the checkout's state machine, checkout-store.ts.
import { atom, computed } from 'nanostores';
import type { Receipt } from '#contracts/payments';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { createFetcherStore } from '../api/fetcher';

export const $receipts = createFetcherStore<Receipt[]>('/api/payments');

/** The receipt /receipt shows (from ?id=): null until read, -1 when the address holds no valid id (not asked). */
export const $receiptId = atom<number | null>(null);
export const $receipt = createFetcherStore<Receipt>(['/api/payments/', computed($receiptId, (id) => (id !== null && id > 0 ? id : null))]);

/** The listing the checkout pays for (from ?spaceId=): its title and state for the summary. */
export const $checkoutSpaceId = atom<number | null>(null);
export const $checkoutSpace = createFetcherStore<OwnSpace>(['/api/spaces/', $checkoutSpaceId]);
