// The page /spaces/{id}: the same detail as the dialog, server-rendered for sharing and search engines,
// hydrated so the action area follows the visitor's sign-in state, and the fit follows the farmer's
// growing system (?system= or their preferences), with a picker to change it.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { growingSystem } from '../../../contracts/growing';
import type { Space } from '../../../contracts/spaces';
import { $growingSystem, initGrowingSystem, pickGrowingSystem } from '../lib/growing-store';
import { $user, loadUser } from '../lib/user-store';
import { SystemPicker } from './spaces/GrowingFit';
import { SpaceDetail } from './spaces/SpaceDetail';
import { GrowingDetailsEditor } from './spaces/GrowingDetailsEditor';

export default function SpaceDetailPage({ space: initial, now }: { space: Space; now: number }) {
  const viewer = useStore($user);
  const [space, setSpace] = useState(initial);
  const isOwner = viewer.status === 'signed-in' && viewer.user.id === space.ownerId;
  const systemId = useStore($growingSystem);
  useEffect(() => {
    void loadUser();
    void initGrowingSystem();
  }, []);
  const pick = (id: Parameters<typeof pickGrowingSystem>[0]) => {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('system', id);
    else url.searchParams.delete('system');
    window.history.replaceState(null, '', url);
    void pickGrowingSystem(id);
  };
  return (
    <>
      <div className="mb-5 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-4 py-3">
        <label htmlFor="detail-system" className="text-sm font-semibold text-ink">
          Your growing system
        </label>
        <div className="min-w-56 flex-1 sm:flex-none">
          <SystemPicker id="detail-system" value={systemId} onChange={pick} />
        </div>
      </div>
      <SpaceDetail
        space={space}
        viewer={viewer}
        now={now}
        system={growingSystem(systemId)}
        title={<h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-ink sm:text-4xl">{space.title}</h1>}
      />
      {isOwner && (
        <div className="mt-6">
          <GrowingDetailsEditor space={space} onSaved={(updated) => setSpace({ ...space, ...updated })} />
        </div>
      )}
    </>
  );
}
