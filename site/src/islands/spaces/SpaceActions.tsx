// The action area of a space (spec 2.5 cards, 2.6 detail): demo → example notice; own → manage from the
// dashboard; signed-in → Contact Owner; signed-out (also while loading) → Sign In / Sign Up.
import type { CurrentUser } from '../../../../contracts/auth';
import type { Space } from '../../../../contracts/spaces';
import type { UserState } from '../../lib/user-store';
import { ContactDialog } from './ContactDialog';

export type SpaceViewer = UserState;

/** Contact Owner and its dialog (spec 2.7). */
function ContactOwner({ space, user }: { space: Space; user: CurrentUser }) {
  return (
    <ContactDialog
      space={space}
      user={user}
      trigger={
        <button type="button" className="btn-primary w-full" data-action="contact">
          Contact Owner
        </button>
      }
    />
  );
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
      <ContactOwner space={space} user={viewer.user} />
    );
  }
  return (
    <div className="flex gap-2" data-action="signed-out">
      <a href={`/login?next=${encodeURIComponent(`/spaces/${space.id}`)}`} className="btn-outline flex-1">
        Sign In
      </a>
      <a href={`/register?next=${encodeURIComponent(`/spaces/${space.id}`)}`} className="btn-primary flex-1">
        Sign Up
      </a>
    </div>
  );
}
