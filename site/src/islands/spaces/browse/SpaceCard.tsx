// One space in the browse results: its picture (the one place a card draws it: SpaceCardImage), badges,
// title (opens the detail dialog), place and size, amenities, the fit for the picked system, price and
// the card's actions.
import { memo } from 'react';
import { describeAmenity } from '#contracts/amenities';
import type { GrowingSystem } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { CARD_IMAGE_MAX_WIDTH, CARD_IMAGE_SIZES, formatPrice, formatSize, isFeaturedNow } from '../../../lib/display/space-display';
import { formatDistance } from '#contracts/places';
import { AmenityIcon } from '../shared/AmenityIcon';
import { OwnerRating } from '../shared/OwnerRating';
import { fitOf, FitSummary } from '../shared/GrowingFit';
import { SpaceActions, type SpaceViewer } from '../shared/SpaceActions';
import { FeaturedBadge, TypeBadge } from '../shared/Badges';
import { SpaceImage } from '../shared/SpaceImage';

const CARD_AMENITIES = 3;

/** The card's picture with its badges. `eager`: the first card's picture is the page's largest content
 *  (LCP): loaded at once with high priority; the rest lazily. */
export function SpaceCardImage({ space, eager }: { space: Space; eager: boolean }) {
  return (
    <div className="relative">
      <SpaceImage space={space} eager={eager} className="aspect-[16/10] w-full bg-brand-50 object-cover" sizes={CARD_IMAGE_SIZES} maxWidth={CARD_IMAGE_MAX_WIDTH} />
      <div className="absolute top-3 left-3 flex flex-wrap gap-2">
        {isFeaturedNow(space) && <FeaturedBadge />}
        <TypeBadge spaceType={space.spaceType} />
      </div>
    </div>
  );
}

/** Memoised: the list redraws when its count, sort or Load more change; a card only when its own props do. */
export const SpaceCard = memo(function SpaceCard({ space, viewer, onOpen, system, eager }: { space: Space; viewer: SpaceViewer; onOpen: (space: Space) => void; system?: GrowingSystem; eager: boolean }) {
  const extra = space.amenities.length - CARD_AMENITIES;
  return (
    <li className="card flex flex-col overflow-hidden" data-space-card={space.id}>
      <SpaceCardImage space={space} eager={eager} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg leading-snug font-semibold text-ink">
            <button type="button" className="text-left hover:text-brand-700 hover:underline" onClick={() => onOpen(space)} title={space.title}>
              <span className="line-clamp-2 wrap-anywhere">{space.title}</span>
            </button>
          </h2>
          <OwnerRating space={space} />
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          <span>{space.city}</span>
          <span aria-hidden="true">·</span>
          <span>{formatSize(space.size)}</span>
          {space.distanceKm !== undefined && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="distance">{formatDistance(space.distanceKm, typeof navigator === 'undefined' ? 'en' : navigator.language)} away</span>
            </>
          )}
        </p>
        {space.amenities.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {space.amenities.slice(0, CARD_AMENITIES).map((a) => {
              const amenity = describeAmenity(a);
              return (
                <li key={a} className="inline-flex items-center gap-1 rounded-full bg-soil-100 px-2 py-0.5 text-xs text-ink">
                  <AmenityIcon icon={amenity.icon} className="h-3 w-3" />
                  {amenity.label}
                </li>
              );
            })}
            {extra > 0 && <li className="rounded-full bg-soil-100 px-2 py-0.5 text-xs font-medium text-muted">+{extra} more</li>}
          </ul>
        )}
        {system && <FitSummary fit={fitOf(system, space)} system={system} />}
        <p className="text-xl font-bold text-ink">
          {formatPrice(space.pricePerMonth, space.currency)}
          <span className="text-sm font-normal text-muted">/month</span>
        </p>
        <div className="mt-auto pt-1">
          <SpaceActions space={space} viewer={viewer} variant="card" />
        </div>
      </div>
    </li>
  );
});
