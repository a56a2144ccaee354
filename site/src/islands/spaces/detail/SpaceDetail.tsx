// The content of the space detail (spec 2.6), shared by the dialog on /spaces and the page /spaces/{id}.
import type { ReactNode } from 'react';
import { describeAmenity } from '#contracts/amenities';
import type { Space } from '#contracts/spaces.schemas';
import { countryName, formatDate, formatPrice, formatSize, isFeaturedNow, SPACE_TYPE_LABELS } from '../../../lib/display/space-display';
import { AmenityIcon } from '../shared/AmenityIcon';
import { ReportButton } from './ReportButton';
import { SpaceActions, type SpaceViewer } from '../shared/SpaceActions';
import { PhotoGallery } from './PhotoGallery';
import type { GrowingSystem } from '#contracts/growing';
import { FitDetails, GrowingFactsList } from './GrowingFitDetails';
import { FeaturedBadge, TypeBadge } from '../shared/Badges';
import { OwnerRating } from '../shared/OwnerRating';

export type SpaceDetailProps = {
  space: Space;
  viewer: SpaceViewer;
  /** The heading element (Dialog.Title in the dialog, h1 on the page). */
  title: ReactNode;
  now?: number;
  /** The farmer's growing system: shows the fit and yield. */
  system?: GrowingSystem;
  /**
   * 'page': the listing page's design — gallery across the top, details on the left, and a sticky box on
   * the right (first, under the gallery, on a phone) with the price, the fit and Contact Owner.
   */
  layout?: 'dialog' | 'page';
  /** The growing-system picker, shown with the fit (the page's). */
  fitControl?: ReactNode;
};

export function SpaceDetail({ space, viewer, title, now, system, layout = 'dialog', fitControl }: SpaceDetailProps) {
  const featured = isFeaturedNow(space, now);
  const isOwner = viewer.status === 'signed-in' && viewer.user.id === space.ownerId;
  const heading = (
    <div className="flex flex-wrap items-start justify-between gap-3 pr-8">
      {title}
      {featured && <FeaturedBadge />}
    </div>
  );
  const facts = (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
      <TypeBadge spaceType={space.spaceType} />
      <span className="inline-flex items-center gap-1.5">
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M12 22s7-6.1 7-12a7 7 0 0 0-14 0c0 5.9 7 12 7 12z" />
          <circle cx="12" cy="10" r="2.5" />
        </svg>
        {space.city}, {countryName(space.country)}
      </span>
      <span>{formatSize(space.size)}</span>
      <OwnerRating space={space} />
    </div>
  );
  const price = (
    <p className="text-2xl font-bold text-ink">
      {formatPrice(space.pricePerMonth, space.currency)}
      <span className="text-base font-normal text-muted"> per month</span>
    </p>
  );
  const details = (
    <>
      <section aria-labelledby={`about-${space.id}`}>
        <h3 id={`about-${space.id}`} className="text-base font-semibold text-ink">
          About this space
        </h3>
        <p className="mt-2 text-sm leading-6 whitespace-pre-line wrap-anywhere text-muted">{space.description}</p>
      </section>
      {space.amenities.length > 0 && (
        <section aria-labelledby={`amenities-${space.id}`}>
          <h3 id={`amenities-${space.id}`} className="text-base font-semibold text-ink">
            Amenities
          </h3>
          <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {space.amenities.map((a) => {
              const amenity = describeAmenity(a);
              return (
                <li key={a} className="flex items-center gap-2 text-sm text-ink">
                  <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <AmenityIcon icon={amenity.icon} />
                  </span>
                  {amenity.label}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <GrowingFactsList space={space} />
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl bg-soil-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-ink">{space.streetAddressWithheld ? 'Area' : 'Full address'}</dt>
          <dd className="wrap-anywhere text-muted" data-testid="space-address">
            {fullAddress(space)}
            {/* The owner keeps the street address for the farmers they are talking with (issue 25 item 7). */}
            {space.streetAddressWithheld && <span className="mt-0.5 block text-xs">The owner shares the street address once you are in a conversation about this space.</span>}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Space type</dt>
          <dd className="text-muted">{SPACE_TYPE_LABELS[space.spaceType] ?? space.spaceType}</dd>
        </div>
        {/* When the paid placement ends is the owner's business, not the farmer's. */}
        {isOwner && featured && space.featuredUntil && (
          <div>
            <dt className="font-semibold text-ink">Featured until</dt>
            <dd className="text-muted">{formatDate(space.featuredUntil)}</dd>
          </div>
        )}
      </dl>
    </>
  );
  // Anyone signed in may report a listing that is not their own (issue 19); demo listings have no owner to report.
  const report = viewer.status === 'signed-in' && viewer.user.id !== space.ownerId && !space.isDemoListing && (
    <p className="text-center">
      <ReportButton target={{ spaceId: space.id }} label="Report this listing" />
    </p>
  );
  // Who lists it (issue 28): their public profile. Demo listings are FarmSpace's own examples.
  const ownerLink = !space.isDemoListing && !isOwner && (
    <p className="text-center text-sm">
      <a href={`/people/${space.ownerId}`} className="font-medium text-brand-700 hover:underline">
        About the owner →
      </a>
    </p>
  );
  if (layout === 'page') {
    return (
      <div className="flex flex-col gap-6" data-space-detail={space.id}>
        {heading}
        <PhotoGallery space={space} className="aspect-[16/9] w-full rounded-xl bg-brand-50 object-cover" sizes="(min-width: 1152px) 1100px, 100vw" />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <aside className="lg:col-start-2 lg:row-start-1" aria-label="Price and contact">
            <div className="card flex flex-col gap-4 p-5 lg:sticky lg:top-24">
              {price}
              {facts}
              <SpaceActions space={space} viewer={viewer} variant="detail" />
              {ownerLink}
              {report}
              {fitControl}
              {system && <FitDetails space={space} system={system} />}
            </div>
          </aside>
          <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">{details}</div>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5" data-space-detail={space.id}>
      {heading}
      <PhotoGallery space={space} className="aspect-[16/9] w-full rounded-xl bg-brand-50 object-cover" sizes="(min-width: 768px) 700px, 100vw" />
      {facts}
      {price}
      {system && <FitDetails space={space} system={system} />}
      {details}
      <SpaceActions space={space} viewer={viewer} variant="detail" />
      {ownerLink}
      {report}
    </div>
  );
}

/** The address as written, plus state and postal code when the address does not already carry them. */
function fullAddress(space: Pick<Space, 'location' | 'state' | 'zipCode'>): string {
  const extra = [space.state, space.zipCode].filter((part): part is string => Boolean(part) && !space.location.toLowerCase().includes(part!.toLowerCase()));
  return [space.location, ...extra].join(', ');
}
