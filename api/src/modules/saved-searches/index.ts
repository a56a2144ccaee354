// The saved-searches module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { listingSearchCounts, notifySavedSearches, settleFailedAlert } from './saved-search-alerts';
export { deleteSavedSearchesOf } from './saved-searches.service';
export { savedSearchDemand, type Generalize, type SearchDemand, type SingleChange } from './saved-search-demand';
export { searchCentreCells, searchedCities, searchesByCity, type CitySearches } from './saved-search-cities';
