// The payment actions of one own listing, for My Listings (GET /api/spaces/my): finish paying for a draft,
// renew an expired or archived listing for 30 days, upgrade a live Standard listing to Premium. Each is a
// link to /checkout; the API decides the price and whether there is anything to pay for.
import type { OwnSpace } from '#contracts/spaces.schemas';

type Listing = Pick<OwnSpace, 'id' | 'status' | 'isFeatured' | 'featuredUntil'>;
type Action = { label: string; paymentType: 'listing_fee' | 'featured_upgrade'; primary: boolean };

export function listingPaymentActions(listing: Listing, now = new Date()): Action[] {
  const featured = listing.isFeatured && listing.featuredUntil !== null && new Date(listing.featuredUntil).getTime() > now.getTime();
  switch (listing.status) {
    case 'draft':
      return [{ label: 'Finish payment', paymentType: 'listing_fee', primary: true }];
    case 'expired':
      return [
        { label: 'Renew for 30 days', paymentType: 'listing_fee', primary: true },
        { label: 'Renew as Premium', paymentType: 'featured_upgrade', primary: false },
      ];
    case 'active':
      return featured ? [] : [{ label: 'Upgrade to Premium', paymentType: 'featured_upgrade', primary: false }];
    default:
      return [];
  }
}

export function checkoutHref(spaceId: number, paymentType: Action['paymentType']): string {
  return `/checkout?${new URLSearchParams({ spaceId: String(spaceId), paymentType, currency: 'USD' })}`;
}

export function ListingPaymentActions({ listing, className = '' }: { listing: Listing; className?: string }) {
  const actions = listingPaymentActions(listing);
  if (!actions.length) return null;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {actions.map((a) => (
        <a key={a.label} href={checkoutHref(listing.id, a.paymentType)} className={`${a.primary ? 'btn-primary' : 'btn-outline'} px-3 py-1.5 text-sm`}>
          {a.label}
        </a>
      ))}
    </div>
  );
}
