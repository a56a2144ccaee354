// The spaces module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { hideListing, hideOwnersListings, unhideListing, unhideOwnersListings } from './listing-moderation';
export { goLive, listingPurpose, publishSpace, withdrawPaidListing } from './publish-space';
export { alertFilterBit, alertFilterPredicate, alertFiltersFailed, savedSearchFilterColumns } from './space-filter-sql';
export { isPublicSpace, publicSpacePredicate, spaceStatus } from './space-visibility';
export { LISTING_DURATION_MS, findSpace, removeOwnersListings, getVisibleSpace, growingFactsOf, listPublicSpacesOf, toOwnSpace, toSpace } from './spaces.service';
export { comparableListingPrices, countListings, hypotheticalSpacesCte, type HypotheticalSpace } from './hypothetical-space';
export { radiusBox } from './space-distance';
export { derivedPowerKw } from './spaces.service';
