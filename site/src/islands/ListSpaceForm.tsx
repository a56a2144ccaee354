// List Your Space (spec 2.9): the fields and defaults, amenity checkboxes with the spec 3 identifiers,
// Standard or Premium listing; missing fields are reported by label (spec 5), then the contract checks
// the rest, the space is created as a draft and the owner goes on to /checkout.
// Edit mode (/list-space?edit={id}, docs/decisions/0805): the same form filled with the owner's listing,
// saved with PATCH of the fields that changed; a draft goes on to its checkout, a live listing changes at
// once. The state and the one save flow are the listing-draft store (lib/stores/listing-draft-store.ts,
// decision 1312): this island renders them, and leaving with unsaved changes asks first.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { computed } from 'nanostores';
import { FORM_AMENITIES } from '#contracts/amenities';
import { formatUsd, LISTING_PRICES_CENTS, SPACE_TYPES } from '#contracts/constants';
import { LISTING_COUNTRIES, MAX_DESCRIPTION, MAX_LOCATION, MAX_TITLE } from '#contracts/spaces';
import { PinPicker } from './spaces/edit/PinPicker';
import { $user, loadUser } from '../lib/stores/user-store';
import {
  $listingDraft,
  cancelHref as cancelHrefOf,
  cancelListing,
  discardRestored,
  ensureListing,
  losesChangesOnLeaving,
  openListingForm,
  setConfirmPin,
  setCountry,
  setField as set,
  setGrowing,
  setPin,
  submitListing,
  type ListingForm,
} from '../lib/stores/listing-draft-store';
import { countryName, currencySymbol, SPACE_TYPE_LABELS } from '../lib/display/space-display';
import { AmenityIcon } from './spaces/shared/AmenityIcon';
import { HydrationGate } from './shared/HydrationGate';
import { Field } from './shared/FormField';
import { DemandCounting, DemandPanelFrame, PriceHintLine } from './spaces/edit/DemandPanelFrame';
import { GrowingDetailsFields } from './spaces/edit/GrowingDetailsFields';
import { PhotoUploader } from './spaces/edit/PhotoUploader';
import { $uploadSummary, listingPhotos as photos, type UploadSummary } from '../lib/stores/photo-upload-store';
import { StreetAddressPrivacy } from './spaces/edit/StreetAddressPrivacy';

// The demand for the space (issue 29), loaded once the owner names a place: not part of the form's first load.
// Their frames are not lazy: the room they take is held while their code and figures load.
const DemandPanel = lazy(() => import('./spaces/edit/DemandPanel').then((m) => ({ default: m.DemandPanel })));
const DemandPriceHint = lazy(() => import('./spaces/edit/DemandPanel').then((m) => ({ default: m.DemandPriceHint })));

/** All the form needs of the user: whether they are signed out. A store of its own, so the form (the largest
 *  island) does not redraw when the user arrives signed in, as it does on almost every visit (issue 32). */
const $signedOut = computed($user, (user) => user.status === 'anonymous');

export default function ListSpaceForm() {
  const signedOut = useStore($signedOut);
  const { form, growing, growingErrors, pin, pinProblem, confirmPin, invalid, editing, editState, openedId, restored, submitting } = useStore($listingDraft);
  const uploads = useStore($uploadSummary);
  useEffect(() => void loadUser(), []);
  useEffect(() => openListingForm(), []);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!losesChangesOnLeaving(photos)) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submitListing(photos);
  };
  const cancelHref = cancelHrefOf(editing);
  const cancel = () => void cancelListing(photos);

  const placed = !!form.city.trim() || !!pin;
  const fieldClass = (key: keyof ListingForm) => `input ${invalid.includes(key) ? 'border-[var(--color-danger)] ring-1 ring-[var(--color-danger)]' : ''}`;
  const aria = (key: keyof ListingForm) => ({ 'aria-invalid': invalid.includes(key) || undefined });

  return (
    <form className="card mt-8 space-y-8 p-6 sm:p-8" onSubmit={onSubmit} noValidate aria-label="List your space">
      <HydrationGate>
      {editState === 'loading' && <p className="text-sm text-muted">Loading your listing…</p>}
      {editState === 'missing' && (
        <p className="rounded-lg bg-soil-100 px-4 py-3 text-sm text-ink" role="alert">
          This listing was not found among yours. <a href="/dashboard" className="font-semibold text-brand-800 underline">Go to My Listings</a>
        </p>
      )}
      {restored && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-4 py-3 text-sm text-ink" role="status" data-form-restored>
          We brought back the changes you had not saved yet.
          <button type="button" className="font-semibold text-brand-800 underline" onClick={discardRestored}>
            Discard them
          </button>
        </p>
      )}
      {editing && (
        <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink" data-editing={editing.id}>
          {editing.status === 'draft'
            ? 'Editing your draft. Save it to continue to payment.'
            : 'Editing your live listing: visitors see your changes (and deleted photos go) only when you save. New photos show once uploaded.'}{' '}
          <a href={`/spaces/${editing.id}`} className="font-semibold text-brand-800 underline">
            View listing
          </a>
        </p>
      )}
      {signedOut && (
        <p className="rounded-lg bg-soil-100 px-4 py-3 text-sm text-ink">
          Please{' '}
          <a href="/login?next=%2Flist-space" className="font-semibold text-brand-800 underline">
            sign in
          </a>{' '}
          or{' '}
          <a href="/register?next=%2Flist-space" className="font-semibold text-brand-800 underline">
            create an account
          </a>{' '}
          to list a space.
        </p>
      )}
      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold text-ink">About the space</legend>
        <Field id="ls-title" label="Space Title" required name="title" limit={{ length: form.title.length, max: MAX_TITLE }}>
          <input id="ls-title" className={fieldClass('title')} {...aria('title')} aria-describedby="ls-title-count" value={form.title} onChange={(e) => set('title', e.target.value)} placeholder="Sunny rooftop with water access" />
        </Field>
        <Field id="ls-description" label="Description" required name="description" limit={{ length: form.description.length, max: MAX_DESCRIPTION }}>
          <textarea id="ls-description" rows={5} className={fieldClass('description')} {...aria('description')} aria-describedby="ls-description-count" value={form.description} onChange={(e) => set('description', e.target.value)} placeholder="Light, access, water, power, what growers can and cannot do…" />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="ls-spaceType" label="Space Type" required>
            <select id="ls-spaceType" className={fieldClass('spaceType')} {...aria('spaceType')} value={form.spaceType} onChange={(e) => set('spaceType', e.target.value)}>
              {SPACE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SPACE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="ls-size" label="Size (sq ft)" required>
            <input id="ls-size" type="number" inputMode="numeric" min={1} step={1} className={fieldClass('size')} {...aria('size')} value={form.size} onChange={(e) => set('size', e.target.value)} />
          </Field>
          <Field id="ls-pricePerMonth" label={`Monthly Rent (${currencySymbol(form.currency)})`} required hint={placed && <Suspense fallback={<PriceHintLine />}><DemandPriceHint /></Suspense>}>
            <input id="ls-pricePerMonth" type="number" inputMode="decimal" min={0.01} step="0.01" className={fieldClass('pricePerMonth')} {...aria('pricePerMonth')} value={form.pricePerMonth} onChange={(e) => set('pricePerMonth', e.target.value)} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="text-lg font-semibold text-ink">Location</legend>
        <Field id="ls-location" label="Full Address" required name="location" limit={{ length: form.location.length, max: MAX_LOCATION }}>
          <input id="ls-location" className={fieldClass('location')} {...aria('location')} value={form.location} onChange={(e) => set('location', e.target.value)} autoComplete="street-address" aria-describedby="ls-location-count ls-address-privacy" />
        </Field>
        <StreetAddressPrivacy checked={form.hideStreetAddress} city={form.city} onChange={(hide) => set('hideStreetAddress', hide)} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="ls-city" label="City" required>
            <input id="ls-city" className={fieldClass('city')} {...aria('city')} maxLength={100} value={form.city} onChange={(e) => set('city', e.target.value)} autoComplete="address-level2" />
          </Field>
          <Field id="ls-country" label="Country">
            <select id="ls-country" className={fieldClass('country')} value={form.country} onChange={(e) => setCountry(e.target.value)}>
              {LISTING_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {countryName(c)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="ls-state" label="State/Province">
            <input id="ls-state" className={fieldClass('state')} maxLength={50} value={form.state} onChange={(e) => set('state', e.target.value)} autoComplete="address-level1" />
          </Field>
          <Field id="ls-zipCode" label="ZIP/Postal Code">
            <input id="ls-zipCode" className={fieldClass('zipCode')} maxLength={20} value={form.zipCode} onChange={(e) => set('zipCode', e.target.value)} autoComplete="postal-code" />
          </Field>
          <PinPicker city={form.city} country={form.country} pin={pin} onPin={setPin} problem={pinProblem} confirmed={confirmPin} onConfirm={setConfirmPin} />
        </div>
      </fieldset>

      {placed && (
        <Suspense
          fallback={
            <DemandPanelFrame busy>
              <DemandCounting />
            </DemandPanelFrame>
          }
        >
          <DemandPanel spaceType={form.spaceType} city={form.city.trim()} />
        </Suspense>
      )}

      <fieldset>
        <legend className="text-lg font-semibold text-ink">Amenities</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {FORM_AMENITIES.map((a) => (
            <label key={a.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm hover:bg-brand-50">
              <input
                type="checkbox"
                name="amenities"
                value={a.id}
                className="h-4 w-4 accent-[var(--color-brand-700)]"
                checked={form.amenities.includes(a.id)}
                onChange={(e) => set('amenities', FORM_AMENITIES.map((x) => x.id as string).filter((id) => (id === a.id ? e.target.checked : form.amenities.includes(id))))}
              />
              <AmenityIcon icon={a.icon} className="h-4 w-4 text-brand-700" />
              {a.label}
            </label>
          ))}
        </div>
      </fieldset>

      <GrowingDetailsFields
        value={growing}
        onChange={setGrowing}
        errors={growingErrors}
      />

      <PhotoUploader key={openedId ?? 'new'} spaceId={editing?.id} initial={editing?.photos} title={form.title} ensureListing={ensureListing} />

      <Field id="ls-images" label="Images" hint="Or paste links to photos hosted elsewhere, comma-separated (https://…). They show after the uploaded photos.">
        <textarea id="ls-images" rows={2} className={fieldClass('images')} {...aria('images')} value={form.images} onChange={(e) => set('images', e.target.value)} placeholder="https://example.com/roof-1.jpg, https://example.com/roof-2.jpg" />
      </Field>

      {(!editing || editing.status === 'draft') && <fieldset>
        <legend className="text-lg font-semibold text-ink">Listing option</legend>
        <p className="mt-1 text-sm text-muted">A one-time fee publishes your space for 30 days.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <PlanOption value="listing_fee" checked={form.paymentType === 'listing_fee'} onSelect={() => set('paymentType', 'listing_fee')} title="Standard Listing" price={formatUsd(LISTING_PRICES_CENTS.listing_fee)} text="Listed in Browse Spaces for 30 days." />
          <PlanOption value="featured_upgrade" checked={form.paymentType === 'featured_upgrade'} onSelect={() => set('paymentType', 'featured_upgrade')} title="Premium Listing" price={formatUsd(LISTING_PRICES_CENTS.featured_upgrade)} text="Featured on the home page and highlighted for 30 days." recommended />
        </div>
      </fieldset>}

      {/* The photos' progress sits on a line of its own just above the button, ending where it ends: in the
          buttons' row it left "Create Listing & Continue to Payment" no room and broke into a column. */}
      <div className="border-t border-line pt-6">
      {uploads.queued + uploads.sending + uploads.processing > 0 && <UploadProgress summary={uploads} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <a href={cancelHref} className="btn-outline" onClick={(e) => { e.preventDefault(); cancel(); }}>
          Cancel
        </a>
        <button type="submit" className="btn-primary px-6" disabled={submitting || editState === 'loading' || editState === 'missing'}>
          {submitting ? (uploads.done + uploads.failed < uploads.total ? 'Saving photos…' : 'Saving…') : !editing ? 'Create Listing & Continue to Payment' : editing.status === 'draft' ? 'Save & Continue to Payment' : 'Save Changes'}
        </button>
      </div>
      </div>
      </HydrationGate>
    </form>
  );
}


function PlanOption(props: { value: string; checked: boolean; onSelect: () => void; title: string; price: string; text: string; recommended?: boolean }) {
  return (
    <label className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${props.checked ? 'border-brand-700 bg-brand-50' : 'border-line hover:bg-brand-50'}`}>
      <input type="radio" name="paymentType" value={props.value} checked={props.checked} onChange={props.onSelect} className="sr-only" />
      {props.recommended && <span className="absolute -top-3 right-4 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-950">RECOMMENDED</span>}
      <span className="text-base font-semibold text-ink">{props.title}</span>
      <span className="text-2xl font-bold text-ink">{props.price}</span>
      <span className="text-sm text-muted">{props.text}</span>
    </label>
  );
}

/**
 * The photos' overall progress, beside the button that waits for them: shown only while photos are on their
 * way (queued, sending or processing). A photo that waits because the form is incomplete says so on its own
 * card, never "Processing…" here (issue 43 item 10).
 */
function UploadProgress({ summary }: { summary: UploadSummary }) {
  const left = summary.queued + summary.sending + summary.processing;
  const photos = `${left} photo${left === 1 ? '' : 's'}`;
  const text = summary.sending + summary.queued > 0 ? `Uploading ${photos}… ${Math.round(summary.fraction * 100)}%` : `Processing ${photos}…`;
  return (
    <div className="mb-3 flex min-w-0 items-center gap-2 text-sm text-muted sm:justify-end" role="status" data-upload-progress>
      <progress className="h-2 w-28 shrink-0 accent-[var(--color-brand-700)]" max={1} value={summary.fraction} aria-label="Photo uploads" />
      <span className="min-w-0">{text}</span>
    </div>
  );
}
