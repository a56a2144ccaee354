// The action area of a space (spec 2.5 cards, 2.6 detail): demo → example notice; own → manage from the
// dashboard; signed-in → Contact Owner, or View conversation once the farmer has written about it, and Save;
// signed-out (also while loading) → Sign In / Sign Up.
import { editListingHref } from '../../../lib/display/edit-listing';
import { useStore } from '@nanostores/react';
import { lazy, useEffect, useRef } from 'react';
import type { CurrentUser } from '#contracts/auth.schemas';
import { conversationPath } from '#contracts/messaging';
import type { Space } from '#contracts/spaces.schemas';
import { $conversationBySpace, lookUpConversation, rememberConversation } from '../../../lib/stores/conversation-lookup-store';
import type { UserState } from '../../../lib/stores/user-store';
import { OnDemandDialog } from '../../shared/OnDemandDialog';
import { SaveSpaceButton } from './SaveSpaceButton';

// The contact dialog's code (Radix Dialog, the inquiry form) loads when Contact Owner is first pressed: a
// page of cards does not load and hydrate it for every card (issue 32).
const loadContactDialog = () => import('./ContactDialog');
const ContactDialog = lazy(() => loadContactDialog().then((m) => ({ default: m.ContactDialog })));

export type SpaceViewer = UserState;

/** Contact Owner and its dialog (spec 2.7); once the farmer has written, a link to that conversation. */
function ContactOwner({ space, user }: { space: Space; user: CurrentUser }) {
  const conversationId = useStore($conversationBySpace, { keys: [String(space.id)] })[space.id];
  // Sent from this page: the link that replaces the button takes its focus.
  const justSent = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => lookUpConversation(space.id), [space.id]);
  useEffect(() => {
    if (justSent.current && typeof conversationId === 'number') link.current?.focus();
  }, [conversationId]);
  if (typeof conversationId === 'number') {
    return (
      <a ref={link} href={conversationPath(conversationId)} className="btn-outline w-full" data-action="view-conversation">
        View conversation
      </a>
    );
  }
  const trigger = (
    <button type="button" className="btn-primary w-full" data-action="contact">
      Contact Owner
    </button>
  );
  return (
    <OnDemandDialog
      trigger={trigger}
      preload={loadContactDialog}
      dialog={(t) => (
        <ContactDialog
          space={space}
          user={user}
          initiallyOpen
          onSent={(id) => {
            justSent.current = true;
            rememberConversation(space.id, id);
          }}
          trigger={t}
        />
      )}
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
            This is your listing.{' '}
            <a href={editListingHref(space.id)} className="font-semibold underline" data-action="edit-listing">
              Edit listing
            </a>{' '}
            · Manage it from your{' '}
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
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <ContactOwner space={space} user={viewer.user} />
        </div>
        <SaveSpaceButton space={space} />
      </div>
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
