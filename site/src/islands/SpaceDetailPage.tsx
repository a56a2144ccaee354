// The page /spaces/{id}: the same detail as the dialog, server-rendered for sharing and search engines,
// hydrated so the action area follows the visitor's sign-in state, and the fit follows the farmer's
// growing system (?system= or their preferences), with a picker to change it.
import { useStore } from '@nanostores/react';
import { loadMapView } from './spaces/shared/load-map-view';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { growingSystem } from '#contracts/growing';
import type { OwnSpace, Space } from '#contracts/spaces.schemas';
import { $growingSystem, initGrowingSystem, pickGrowingSystem } from '../lib/stores/growing-store';
import { takeLiveFlag } from '../lib/display/live-listing';
import { $user, loadUser } from '../lib/stores/user-store';
import { SystemPicker } from './spaces/shared/GrowingFit';
import { SpaceDetail } from './spaces/detail/SpaceDetail';
import { GrowingDetailsEditor } from './spaces/edit/GrowingDetailsEditor';

/** Leaflet loads only when the small map scrolls into view. */
const MapView = lazy(loadMapView);
function SmallMap({ space }: { space: Space }) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShow(true), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section aria-labelledby="where-heading" className="mt-8">
      <h2 id="where-heading" className="text-xl font-semibold text-ink">
        Where it is
      </h2>
      <p className="mt-1 text-sm text-muted">
        {space.locationPrecision === 'city'
          ? `Around ${space.city}: the owner has not placed the pin on the address.`
          : space.streetAddressWithheld
            ? `Around ${space.location}: the pin is within about 100 m of the space.`
            : space.location}
      </p>
      <div ref={ref} className="mt-3 h-64 rounded-lg bg-brand-50">
        {show && (
          <Suspense fallback={null}>
            <MapView className="h-64" label={`Map of ${space.title}${space.city ? `, ${space.city}` : ''}`} spaces={[space]} zoom={space.locationPrecision === 'city' ? 10 : 14} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

export default function SpaceDetailPage({ space: initial, now }: { space: Space; now: number }) {
  const signedIn = useStore($user);
  // The first render must be the server's (which knows no visitor): the store may already hold the
  // visitor when this island hydrates (another island asked first), and rendering it then made the
  // hydrated markup differ from the server's (React #418). The visitor shows from the next render on.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const viewer: typeof signedIn = hydrated ? signedIn : { status: 'loading' };
  const [space, setSpace] = useState(initial);
  const isOwner = viewer.status === 'signed-in' && viewer.user.id === space.ownerId;
  const systemId = useStore($growingSystem);
  // Set once by the checkout after a payment (?live=1): the owner lands here, not on Browse.
  const [justPaid, setJustPaid] = useState(false);
  useEffect(() => setJustPaid(takeLiveFlag()), []);
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
      {justPaid && isOwner && <LiveNotice featured={space.isFeatured} status={(space as Partial<OwnSpace>).status} />}
      <SpaceDetail
        space={space}
        viewer={viewer}
        now={now}
        system={growingSystem(systemId)}
        layout="page"
        title={<h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-ink sm:text-4xl">{space.title}</h1>}
        fitControl={
          <div className="flex flex-col gap-1.5 border-t border-line pt-4">
            <label htmlFor="detail-system" className="text-sm font-semibold text-ink">
              Your growing system
            </label>
            <SystemPicker id="detail-system" value={systemId} onChange={pick} />
          </div>
        }
      />
      {space.latitude !== null && <SmallMap space={space} />}
      {isOwner && (
        <div className="mt-6">
          <GrowingDetailsEditor space={space} onSaved={(updated) => setSpace({ ...space, ...updated })} />
        </div>
      )}
    </>
  );
}

function LiveNotice({ featured, status }: { featured: boolean; status: OwnSpace['status'] | undefined }) {
  // Where operators review listings before they go out (LISTING_REVIEW=before) the paid listing waits for them.
  const waiting = status === 'in_review';
  return (
    <div role="status" data-testid="listing-live" className="mb-6 rounded-xl border border-brand-200 bg-brand-50 px-5 py-4">
      <p className="text-lg font-semibold text-ink">
        {waiting ? 'Payment received — your listing goes live once our team has looked at it' : featured ? 'Your listing is live — and featured as Premium' : 'Your listing is live'}
      </p>
      <p className="mt-1 text-sm text-muted">
        {waiting ? 'It appears in Browse Spaces once approved. ' : 'Payment Complete. Farmers can find this page in Browse Spaces now. '}
        <a href="/dashboard?tab=listings" className="font-medium text-brand-700 underline">
          Manage it in My Listings
        </a>
      </p>
    </div>
  );
}
