// Browse Spaces (spec 2.5): the filter panel and the results, over the browse store (lib/browse-store.ts),
// which keeps the filters in the URL and loads the pages. The parts live in islands/spaces/: FilterForm
// (one control per registry filter, filter-fields.tsx), ResultsList (count, sort, Alert me, skeletons,
// empty state, cards, Load more), SpaceCard, SaveSearchButton; the detail dialog opens from a card.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { growingSystem } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { startBrowse } from '../lib/browse-store';
import { $growingSystem, initGrowingSystem } from '../lib/growing-store';
import { $user, loadUser } from '../lib/user-store';
import { FilterForm } from './spaces/FilterForm';
import { ResultsList } from './spaces/ResultsList';

// The detail dialog (Radix Dialog, the detail, its photo gallery, fit and report button) loads when a card is
// first opened: the first page of results does not wait for it (issue 32).
const SpaceDetailDialog = lazy(() => import('./spaces/SpaceDetailDialog').then((m) => ({ default: m.SpaceDetailDialog })));

export default function SpaceBrowser() {
  const viewer = useStore($user);
  const system = growingSystem(useStore($growingSystem));
  const [selected, setSelected] = useState<Space | null>(null);
  // Mounted from the first open on, so that closing plays Radix's close as before.
  const [dialogWanted, setDialogWanted] = useState(false);
  const open = (space: Space | null) => {
    if (space) setDialogWanted(true);
    setSelected(space);
  };

  useEffect(() => {
    void loadUser();
    void initGrowingSystem();
    startBrowse();
  }, []);

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[280px_1fr]">
      <FilterForm />
      <ResultsList viewer={viewer} system={system} onOpen={open} />
      {dialogWanted && (
        <Suspense fallback={null}>
          <SpaceDetailDialog space={selected} viewer={viewer} system={system} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </div>
  );
}
