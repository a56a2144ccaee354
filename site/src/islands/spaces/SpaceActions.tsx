// The action area of a space (spec 2.5 cards, 2.6 detail): demo → example notice; own → manage from the
// dashboard; signed-in → Contact Owner; signed-out (also while loading) → Sign In / Sign Up.
import type { Space } from '../../../../contracts/spaces';
import type { UserState } from '../../lib/user-store';
import { showToast } from '../../lib/toast-store';

export type SpaceViewer = UserState;

/** The contact dialog arrives with the messaging work; until then the button says so plainly. */
export function contactOwner(space: Pick<Space, 'title'>) {
  showToast({ title: 'Messaging opens soon', description: `Contacting the owner of “${space.title}” will be possible shortly. Please check back soon.` });
}

export function SpaceActions({ space, viewer, variant }: { space: Space; viewer: SpaceViewer; variant: 'card' | 'detail' }) {
  if (space.isDemoListing) {
    return (
      <div className="rounded-lg border border-dashed border-line bg-soil-50 px-3 py-2 text-center" data-action="demo">
        <p className="text-sm font-semibold text-ink">Example Listing</p>
        <p className="text-xs text-muted">For demonstration purposes</p>
      </div>
    );
  }
  if (viewer.status === 'signed-in' && viewer.user.id === space.ownerId) {
    return (
      <div className="rounded-lg bg-brand-50 px-3 py-2 text-center text-sm text-brand-800" data-action="own">
        {variant === 'detail' ? (
          <>
            This is your listing. Manage it from your{' '}
            <a href="/dashboard" className="font-semibold underline">
              dashboard
            </a>
            .
          </>
        ) : (
          'Your listing'
        )}
      </div>
    );
  }
  if (viewer.status === 'signed-in') {
    return (
      <button type="button" className="btn-primary w-full" onClick={() => contactOwner(space)} data-action="contact">
        Contact Owner
      </button>
    );
  }
  return (
    <div className="flex gap-2" data-action="signed-out">
      <a href="/login" className="btn-outline flex-1">
        Sign In
      </a>
      <a href="/register" className="btn-primary flex-1">
        Sign Up
      </a>
    </div>
  );
}
