// The owner's actions on one of their listings in My Listings (spec 2.8), by state: a draft can be paid
// for, an expired one renewed, a live Standard one upgraded (ListingPaymentActions → /checkout), a live
// listing paused, a paused one resumed, any deleted (after a confirmation). The one place listing actions are rendered.
import { editListingHref } from '../../lib/display/edit-listing';
import { useState } from 'react';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { errorMessage } from '../../lib/api/api-client';
import { deleteListing, setListingActive } from '../../lib/stores/listings-store';
import { showToast } from '../../lib/stores/toast-store';
import { FormDialog } from '../shared/FormDialog';
import { ListingPaymentActions } from './ListingPaymentActions';

export function ListingActions({ space }: { space: OwnSpace }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      showToast({ title: success });
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const setActive = (isActive: boolean) =>
    run(() => setListingActive(space.id, isActive), isActive ? 'Listing Resumed' : 'Listing Paused', 'Failed to update the listing');

  return (
    <div className="flex flex-wrap items-center gap-2" data-listing-actions={space.id}>
      <a href={`/spaces/${space.id}`} className="btn-outline px-3 py-1.5">
        View
      </a>
      {space.status !== 'demo' && space.status !== 'expired' && (
        <a href={editListingHref(space.id)} className="btn-outline px-3 py-1.5" data-action="edit-listing">
          Edit
        </a>
      )}
      <ListingPaymentActions listing={space} className="contents" />
      {space.status === 'active' && (
        <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => setActive(false)}>
          Pause
        </button>
      )}
      {space.status === 'paused' && (
        <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => setActive(true)}>
          Resume
        </button>
      )}
      {space.status !== 'demo' && (
        <FormDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <button type="button" className="btn-ghost px-3 py-1.5 text-[var(--color-danger)]" disabled={busy}>
              Delete
            </button>
          }
          title="Delete this listing?"
          description={`“${space.title}” will be removed from FarmSpace for good. Its conversations stay in Messages for you and the farmers, marked no longer listed, and your receipts stay in Billing. This cannot be undone.`}
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(false);
            void run(() => deleteListing(space.id), 'Listing Deleted', 'Failed to delete the listing');
          }}
          submitLabel="Delete listing"
          pending={busy}
          width="sm"
          tone="danger"
          formClassName="mt-4"
        />
      )}
    </div>
  );
}
