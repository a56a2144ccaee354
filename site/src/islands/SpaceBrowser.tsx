// Browse Spaces (spec 2.5): the filter panel and the results, over the browse store (lib/stores/browse-store.ts),
// which keeps the filters in the URL and loads the pages. The parts live in islands/spaces/: FilterForm
// (one control per registry filter, filter-fields.tsx), ResultsList (count, sort, Alert me, skeletons,
// empty state, cards, Load more), SpaceCard, SaveSearchButton; the detail dialog opens from a card.
// The server renders the first page of results into the HTML (pages/spaces/index.astro, `firstPage`): the
// island's first render is the same markup, so hydration takes the cards over without drawing them again.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { growingSystem } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { NO_RESULTS, resultsOf, serveFirstPage, startBrowse } from '../lib/stores/browse-store';
import type { ServedPage } from '../lib/api/spaces-page';
import { $growingSystem, initGrowingSystem } from '../lib/stores/growing-store';
import { useHydratedStore } from '../lib/stores/use-hydrated-store';
import { $user, loadUser } from '../lib/stores/user-store';
import { FilterForm } from './spaces/browse/FilterForm';
import type { SpaceViewer } from './spaces/shared/SpaceActions';
import { ResultsList } from './spaces/browse/ResultsList';

// The detail dialog (Radix Dialog, the detail, its photo gallery, fit and report button) loads when a card is
// first opened: the first page of results does not wait for it (issue 32).
const SpaceDetailDialog = lazy(() => import('./spaces/browse/SpaceDetailDialog').then((m) => ({ default: m.SpaceDetailDialog })));

/** Signed out and still loading look the same on a card (SpaceActions): one value for both, so the memoised
 *  cards the server rendered do not redraw when the visitor turns out to be signed out. */
const SIGNED_OUT: SpaceViewer = { status: 'anonymous' };
const USER_UNKNOWN: SpaceViewer = { status: 'loading' };

export default function SpaceBrowser({ firstPage = null }: { firstPage?: ServedPage | null }) {
  // What the server rendered: in the browser the browse store shows it until it has the page itself.
  const [initial] = useState(() => {
    if (firstPage && typeof window !== 'undefined') serveFirstPage(firstPage);
    return firstPage ? resultsOf(firstPage.page) : NO_RESULTS;
  });
  // As the server drew the cards (the user unknown) until hydrated: the nav bar may have loaded the user already.
  const user = useHydratedStore($user, USER_UNKNOWN);
  const viewer = user.status === 'signed-in' ? user : SIGNED_OUT;
  const system = growingSystem(useHydratedStore($growingSystem, null));
  const [selected, setSelected] = useState<Space | null>(null);
  // Mounted from the first open on, so that closing plays Radix's close as before.
  const [dialogWanted, setDialogWanted] = useState(false);
  // One function for every render: the cards are memoised and do not redraw when the list around them does.
  const open = useCallback((space: Space | null) => {
    if (space) setDialogWanted(true);
    setSelected(space);
  }, []);

  useEffect(() => {
    void loadUser();
    void initGrowingSystem();
    startBrowse();
  }, []);

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[280px_1fr]">
      <FilterForm />
      <ResultsList initial={initial} viewer={viewer} system={system} onOpen={open} />
      {dialogWanted && (
        <Suspense fallback={null}>
          <SpaceDetailDialog space={selected} viewer={viewer} system={system} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </div>
  );
}
