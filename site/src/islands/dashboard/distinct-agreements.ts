// Each conversation's accepted terms once: counted on the Overview, listed under a listing's leases. A module
// of its own so the Overview does not load the agreement cards and the proposal form with it (issue 32).
import type { AgreementSummary as Agreement } from '#contracts/agreements';

/** Each conversation's agreement once (a conversation may have several inquiries), newest first. */
export function distinctAgreements<T extends { conversationId: number | null; agreement: Agreement | null }>(items: T[] | undefined): (T & { agreement: Agreement })[] {
  const seen = new Set<number>();
  const out: (T & { agreement: Agreement })[] = [];
  for (const item of items ?? []) {
    if (!item.agreement || seen.has(item.agreement.id)) continue;
    seen.add(item.agreement.id);
    out.push(item as T & { agreement: Agreement });
  }
  return out;
}
