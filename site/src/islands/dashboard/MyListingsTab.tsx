// My Listings (spec 2.8): each listing with its state and the owner's actions; an empty state otherwise.
import { useStore } from '@nanostores/react';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { MESSAGING_TEXTS } from '#contracts/messaging';
import { $mySpaces } from '../../lib/stores/listings-store';
import { formatPrice } from '../../lib/display/space-display';
import { shortDate } from './format';
import { ListingActions } from './ListingActions';
import { ListingNumbers } from './ListingNumbers';
import { MODERATION_MESSAGES } from '#contracts/moderation';
import { ListingLeases } from './ListingLeases';

function StatusBadge({ space }: { space: OwnSpace }) {
  const label = {
    draft: 'Draft · awaiting payment',
    active: `Live until ${shortDate(space.expiresAt)}`,
    paused: 'Paused',
    expired: 'Expired',
    demo: 'Example listing',
    hidden: 'Hidden by FarmSpace',
    in_review: 'In review',
  }[space.status];
  const tone =
    space.status === 'active' ? 'bg-brand-100 text-brand-800' : space.status === 'hidden' ? 'bg-red-100 text-red-900' : space.status === 'draft' ? 'bg-soil-100 text-ink' : 'bg-line/60 text-ink';
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

export function MyListingsTab() {
  const { data, error, loading } = useStore($mySpaces);
  if (!data && loading) return <p className="text-muted" role="status">Loading your listings…</p>;
  if (!data && error) return <p className="text-[var(--color-danger)]">Failed to load your listings.</p>;
  if (!data?.length) {
    return (
      <div className="card flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted">{MESSAGING_TEXTS.noListings}</p>
        <a href="/list-space" className="btn-primary">
          List Your First Space
        </a>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {data.map((space) => (
        <li key={space.id} className="card flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between" data-listing={space.id}>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-semibold text-ink" title={space.title}>{space.title}</h3>
              <StatusBadge space={space} />
            </div>
            <p className="mt-1 text-sm text-muted">{space.location}</p>
            <p className="mt-1 text-sm font-semibold text-brand-800">{formatPrice(space.pricePerMonth, space.currency)}/month</p>
            {space.status === 'hidden' && (
              <p className="mt-1 text-sm text-ink" data-hidden-reason>
                {MODERATION_MESSAGES.listingHidden}
                {space.hiddenReason ? ` Reason: ${space.hiddenReason}` : ''}
              </p>
            )}
            {space.status === 'in_review' && <p className="mt-1 text-sm text-ink">{MODERATION_MESSAGES.listingInReview}</p>}
            {space.status !== 'draft' && <ListingNumbers spaceId={space.id} />}
            <ListingLeases space={space} />
          </div>
          <ListingActions space={space} />
        </li>
      ))}
    </ul>
  );
}
