// A listing's agreed leases in My Listings (issue 20), and the offer to pause it once running or coming
// leases cover its whole size: paused (isActive = false) is the listing state that takes it out of browse
// and stops new inquiries while keeping it, its conversations and its remaining paid days (decision 1103).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatArea, formatLeaseDate, formatMoney, formatTerm, type AgreementSummary } from '#contracts/agreements';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { errorMessage } from '../../lib/api/api-client';
import { setListingActive } from '../../lib/stores/listings-store';
import { $receivedInquiries } from '../../lib/stores/messaging-store';
import { showToast } from '../../lib/stores/toast-store';
import { distinctAgreements } from './distinct-agreements';

/** The day after the lease's last month: start + term months. */
export function leaseEnd(a: Pick<AgreementSummary, 'startDate' | 'termMonths'>): string {
  const [y, m, d] = a.startDate.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1 + a.termMonths, d!)).toISOString().slice(0, 10);
}

/** Square feet let by the leases that have not ended by `today` (a whole-space lease counts the whole size). */
export function areaLet(agreements: Pick<AgreementSummary, 'startDate' | 'termMonths' | 'areaSqFt'>[], size: number, today: string): number {
  return agreements.filter((a) => leaseEnd(a) > today).reduce((sum, a) => sum + (a.areaSqFt ?? size), 0);
}

export function ListingLeases({ space }: { space: OwnSpace }) {
  const received = useStore($receivedInquiries);
  const [busy, setBusy] = useState(false);
  const leases = distinctAgreements(received.data?.filter((i) => i.spaceId === space.id));
  if (leases.length === 0) return null;
  const today = new Date().toISOString().slice(0, 10);
  const fullyLet = areaLet(leases.map((l) => l.agreement), space.size, today) >= space.size;

  async function pause() {
    setBusy(true);
    try {
      await setListingActive(space.id, false);
      showToast({ title: 'Listing Paused', description: 'It no longer shows in browse. Resume it any time.' });
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to update the listing'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm" aria-label={`Agreed leases for ${space.title}`} data-listing-leases={space.id}>
      <p className="font-semibold text-brand-800">Agreed leases</p>
      <ul className="mt-1 flex flex-col gap-1">
        {leases.map(({ agreement: a, farmerName }) => (
          <li key={a.id} className="text-ink">
            {farmerName}: {formatArea(a.areaSqFt, space.size)}, {formatMoney(a.rent, a.currency)} a month from {formatLeaseDate(a.startDate)} for {formatTerm(a.termMonths)}{' '}
            <a className="text-brand-700 underline underline-offset-2" href={`/api/proposals/${a.id}/agreement.pdf`} download>
              agreement PDF
            </a>
          </li>
        ))}
      </ul>
      {fullyLet && space.status === 'active' && (
        <div className="mt-2 flex flex-wrap items-center gap-2" data-fully-let={space.id}>
          <p className="text-ink">The whole space is let. Pause the listing so no new farmers write about it?</p>
          <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => void pause()}>
            Pause listing
          </button>
        </div>
      )}
    </section>
  );
}
