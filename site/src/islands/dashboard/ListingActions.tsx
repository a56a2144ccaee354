// The owner's actions on one of their listings in My Listings (spec 2.8), by state: a draft can be paid
// for, an expired one renewed, a live Standard one upgraded (ListingPaymentActions → /checkout), a live
// listing paused, a paused one resumed, any deleted (after a confirmation). The one place listing actions are rendered.
import { editListingHref } from '../spaces/edit-listing';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { refreshMySpaces } from '../../lib/messaging-store';
import { showToast } from '../../lib/toast-store';
import { ListingPaymentActions } from './ListingPaymentActions';

export function ListingActions({ space }: { space: OwnSpace }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      showToast({ title: success });
      refreshMySpaces();
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const setActive = (isActive: boolean) =>
    run(() => apiFetch(`/api/spaces/${space.id}`, { method: 'PATCH', body: { isActive } }), isActive ? 'Listing Resumed' : 'Listing Paused', 'Failed to update the listing');

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
        <Dialog.Root open={confirming} onOpenChange={setConfirming}>
          <Dialog.Trigger className="btn-ghost px-3 py-1.5 text-[var(--color-danger)]" disabled={busy}>
            Delete
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-(--z-overlay) bg-ink/50" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-(--z-modal) w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
              <Dialog.Title className="text-lg font-bold text-ink">Delete this listing?</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-muted">
                “{space.title}” will be removed from FarmSpace for good. Its conversations stay in Messages for you and the farmers, marked no longer listed, and your receipts stay in Billing. This cannot be undone.
              </Dialog.Description>
              <div className="mt-6 flex justify-end gap-2">
                <Dialog.Close className="btn-outline">Cancel</Dialog.Close>
                <button
                  type="button"
                  className="btn bg-[var(--color-danger)] text-white hover:opacity-90"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false);
                    void run(() => apiFetch(`/api/spaces/${space.id}`, { method: 'DELETE' }), 'Listing Deleted', 'Failed to delete the listing');
                  }}
                >
                  Delete listing
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </div>
  );
}
