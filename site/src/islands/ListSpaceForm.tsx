// List Your Space (spec 2.9): the fields and defaults, amenity checkboxes with the spec 3 identifiers,
// Standard or Premium listing; missing fields are reported by label (spec 5), then the contract checks
// the rest, the space is created as a draft and the owner goes on to /checkout.
// Edit mode (/list-space?edit={id}, docs/decisions/0805): the same form filled with the owner's listing,
// saved with PATCH of the fields that changed (issue 25: the pin and every untouched field stay as they are);
// a draft goes on to its checkout, a live listing changes at once. Unsaved fields are kept in this browser
// (form-draft.ts) and leaving with unsaved changes asks first.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_AMENITIES } from '#contracts/amenities';
import { formatUsd, LISTING_PRICES_CENTS, SPACE_TYPES } from '#contracts/constants';
import { LISTING_COUNTRIES, MAX_DESCRIPTION, MAX_LOCATION, MAX_TITLE } from '#contracts/spaces';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { atom } from 'nanostores';
import { ApiRequestError, apiFetch, errorMessage } from '../lib/api-client';
import { createFetcherStore } from '../lib/fetcher';
import { PinPicker, type Pin } from './spaces/PinPicker';
import { $user, loadUser } from '../lib/user-store';
import { countryName, currencySymbol, SPACE_TYPE_LABELS } from '../lib/space-display';
import { showToast } from '../lib/toast-store';
import { AmenityIcon } from './spaces/AmenityIcon';
import { HydrationGate } from './HydrationGate';
import { Field } from './FormField';
import { EMPTY_GROWING_FORM, GrowingDetailsFields, growingBody, growingFormOf, type GrowingForm } from './spaces/GrowingDetailsFields';
import { PhotoUploader, type PhotoUploaderHandle, type UploadSummary } from './spaces/PhotoUploader';
import { changedFields, editListingHref, formOfSpace, pinOf, readEditId } from './spaces/edit-listing';
import { clearFormDraft, readFormDraft, writeFormDraft } from './spaces/form-draft';
import { StreetAddressPrivacy } from './spaces/StreetAddressPrivacy';
import { currencyOfCountry } from '#contracts/spaces';

type PaymentType = keyof typeof LISTING_PRICES_CENTS;

type FormState = {
  title: string;
  description: string;
  location: string;
  city: string;
  country: string;
  state: string;
  zipCode: string;
  size: string;
  pricePerMonth: string;
  spaceType: string;
  amenities: string[];
  images: string;
  /** Follows the country as it is chosen (issue 25 item 23); a stored listing keeps its own until then. */
  currency: string;
  /** The street address only for farmers in a conversation about the listing (issue 25 item 7). */
  hideStreetAddress: boolean;
  paymentType: PaymentType;
};

const DEFAULTS: FormState = {
  title: '',
  description: '',
  location: '',
  city: '',
  country: 'US',
  state: '',
  zipCode: '',
  // Empty, not "0" (issue 25: typing after a 0 gave "03500"); an empty size still counts as the spec's 0.
  size: '',
  pricePerMonth: '',
  spaceType: 'rooftop',
  amenities: [],
  images: '',
  currency: 'USD',
  hideStreetAddress: false,
  paymentType: 'listing_fee',
};

/** Size is an integer, 0 when not numeric (spec 5). */
const sizeOf = (v: string) => {
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : 0;
};
const validAmount = (v: string) => /^\s*\d+(\.\d{1,2})?\s*$/.test(v) && Number(v) > 0;

/** The labels of spec 5 for every missing or invalid required field, in form order. */
export function missingFields(f: FormState): string[] {
  const missing: string[] = [];
  if (!f.title.trim()) missing.push('Space Title');
  if (!f.description.trim()) missing.push('Description');
  if (!f.location.trim()) missing.push('Full Address');
  if (!f.city.trim()) missing.push('City');
  if (!f.spaceType) missing.push('Space Type');
  if (sizeOf(f.size) <= 0) missing.push('Size (must be greater than 0)');
  if (!validAmount(f.pricePerMonth)) missing.push('Monthly Rent (must be a valid amount)');
  return missing;
}

const FIELD_OF_LABEL: Record<string, keyof FormState> = {
  'Space Title': 'title',
  Description: 'description',
  'Full Address': 'location',
  City: 'city',
  'Space Type': 'spaceType',
  'Size (must be greater than 0)': 'size',
  'Monthly Rent (must be a valid amount)': 'pricePerMonth',
};

type Kept = { form: FormState; growing: GrowingForm; pin: Pin | null };

/** The form as the API body it stands for (without the payment choice): what is saved, compared and kept. */
function requestBody(form: FormState, growing: GrowingForm, pin: Pin | null): Record<string, unknown> {
  const { paymentType: _choice, ...fields } = form;
  return {
    ...fields,
    state: fields.state.trim() || null,
    zipCode: fields.zipCode.trim() || null,
    ...growingBody(growing).body,
    size: sizeOf(fields.size),
    pricePerMonth: fields.pricePerMonth.trim(),
    latitude: pin?.latitude ?? null,
    longitude: pin?.longitude ?? null,
  };
}

/** POST /api/spaces takes no null pin: no pin is no field. */
function createBody(body: Record<string, unknown>, confirmPin: boolean): Record<string, unknown> {
  const { latitude, longitude, ...rest } = body;
  return latitude === null ? rest : { ...rest, latitude, longitude, confirmPin };
}

/** The contract's zod schemas, loaded when the form is sent: zod is a quarter of the form's JavaScript and
 *  nothing before the first submit needs it (issue 32). */
const loadSpaceSchemas = () => import('#contracts/spaces.schemas');

const $editedSpaceId = atom<string | null>(null);
const $editedSpace = createFetcherStore<OwnSpace>(['/api/spaces/', $editedSpaceId]);

export default function ListSpaceForm() {
  const viewer = useStore($user);
  const [form, setForm] = useState<FormState>(DEFAULTS);
  const [invalid, setInvalid] = useState<Set<keyof FormState>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const [growing, setGrowing] = useState<GrowingForm>(EMPTY_GROWING_FORM);
  const [growingErrors, setGrowingErrors] = useState<Partial<Record<keyof GrowingForm, string>>>({});
  const [editing, setEditing] = useState<OwnSpace | undefined>();
  const [editState, setEditState] = useState<'none' | 'loading' | 'ready' | 'missing'>('none');
  const [pin, setPin] = useState<Pin | null>(null);
  const [pinProblem, setPinProblem] = useState<string | undefined>();
  const [confirmPin, setConfirmPin] = useState(false);
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const latest = useRef({ form, growing, pin });
  latest.current = { form, growing, pin };
  const photos = useRef<PhotoUploaderHandle>(null);
  const [uploads, setUploads] = useState<UploadSummary | undefined>();
  /** The body as last saved (or as loaded): an edit sends what differs, and anything else is unsaved. */
  const saved = useRef<Record<string, unknown>>(requestBody(DEFAULTS, EMPTY_GROWING_FORM, null));
  const [restored, setRestored] = useState(false);
  /** Set before the form's own navigation (after saving, Cancel): no "leave the page?" then. */
  const leaving = useRef(false);
  // The uploader is remounted with the stored photos only when a listing is opened for editing; a draft
  // just created keeps the same uploader (its waiting files upload into it).
  const [openedId, setOpenedId] = useState<number | undefined>();
  useEffect(() => void loadUser(), []);
  // The listing to edit (?edit=ID), read through the islands' fetcher; its answer seeds the form once.
  const opened = useStore($editedSpace);
  useEffect(() => {
    const id = readEditId();
    if (id === undefined) {
      const kept = readFormDraft<Kept>(undefined);
      if (kept) restore(kept);
      return;
    }
    setEditState('loading');
    $editedSpaceId.set(String(id));
  }, []);
  useEffect(() => {
    if (openedId !== undefined || editState !== 'loading') return;
    // Someone else's listing answers without an owner's status: it is not this owner's to edit.
    if (opened.data && 'status' in opened.data) {
      startEditing(opened.data);
      setOpenedId(opened.data.id);
    } else if (opened.data || opened.error) setEditState('missing');
  }, [opened, openedId, editState]);

  function startEditing(space: OwnSpace) {
    setEditing(space);
    const loaded = { ...DEFAULTS, ...formOfSpace(space) };
    setForm((f) => ({ ...loaded, paymentType: f.paymentType }));
    setGrowing(growingFormOf(space));
    setPin(pinOf(space));
    saved.current = requestBody(loaded, growingFormOf(space), pinOf(space));
    setEditState('ready');
    const kept = readFormDraft<Kept>(space.id);
    if (kept && JSON.stringify(requestBody(kept.form, kept.growing, kept.pin)) !== JSON.stringify(saved.current)) restore(kept);
  }

  function restore(kept: Kept) {
    setForm({ ...DEFAULTS, ...kept.form });
    setGrowing({ ...EMPTY_GROWING_FORM, ...kept.growing });
    setPin(kept.pin);
    setRestored(true);
  }

  function discardRestored() {
    clearFormDraft(editing?.id);
    setRestored(false);
    if (editing) startEditing(editing);
    else {
      setForm(DEFAULTS);
      setGrowing(EMPTY_GROWING_FORM);
      setPin(null);
    }
  }

  const isDirty = () => JSON.stringify(requestBody(form, growing, pin)) !== JSON.stringify(saved.current);
  // Every change is kept in this browser until it is saved; a saved form keeps nothing.
  useEffect(() => {
    if (editState === 'loading' || editState === 'missing' || leaving.current) return;
    if (isDirty()) writeFormDraft<Kept>(editing?.id, { form, growing, pin });
    else clearFormDraft(editing?.id);
  }, [form, growing, pin, editing, editState]);
  const unsaved = useRef<() => boolean>(() => false);
  unsaved.current = () => isDirty() || (photos.current?.hasUnsavedChanges() ?? false);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current || !unsaved.current()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const leave = (href: string) => {
    leaving.current = true;
    window.location.assign(href);
  };

  /**
   * Photos upload as soon as they are chosen, so a new listing needs its draft first: saved here, quietly,
   * when the required fields are complete (otherwise the files wait for the Create button).
   */
  const creatingDraft = useRef<Promise<number | undefined> | undefined>(undefined);
  const ensureListing = useCallback(async (): Promise<number | undefined> => {
    if (editingRef.current) return editingRef.current.id;
    if (creatingDraft.current) return creatingDraft.current;
    const current = latest.current;
    if (missingFields(current.form).length || Object.keys(growingBody(current.growing).errors).length) return undefined;
    const body = requestBody(current.form, current.growing, current.pin);
    creatingDraft.current = loadSpaceSchemas()
      .then((schemas) => {
        const parsed = schemas.createSpaceSchema.safeParse(createBody(body, false));
        if (!parsed.success) throw new Error('not a complete listing yet');
        return apiFetch<OwnSpace>('/api/spaces', { body: parsed.data });
      })
      .then((space) => {
        window.history.replaceState(null, '', editListingHref(space.id));
        clearFormDraft(undefined);
        saved.current = body;
        setEditing(space);
        setEditState('ready');
        showToast({ title: 'Draft saved', description: 'Your photos are uploading to your draft. It stays private until you pay.' });
        return space.id;
      })
      .catch(() => undefined)
      .finally(() => {
        creatingDraft.current = undefined;
      });
    return creatingDraft.current;
  }, []);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (invalid.has(key)) setInvalid((s) => new Set([...s].filter((k) => k !== key)));
  };


  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const missing = missingFields(form);
    if (missing.length) {
      setInvalid(new Set(missing.map((m) => FIELD_OF_LABEL[m]!)));
      showToast({ title: 'Please complete required fields', description: `Missing: ${missing.join(', ')}`, variant: 'destructive' });
      document.getElementById(`ls-${FIELD_OF_LABEL[missing[0]!]}`)?.focus();
      return;
    }
    const grown = growingBody(growing);
    setGrowingErrors(grown.errors);
    const growingProblems = Object.values(grown.errors);
    if (growingProblems.length) {
      showToast({ title: 'Please check the growing details', description: growingProblems.join('. '), variant: 'destructive' });
      return;
    }
    const { paymentType } = form;
    const body = requestBody(form, growing, pin);
    // Sending from here on (a second press waits), also while a draft for the photos is saved or the schemas load.
    setSubmitting(true);
    // A draft being saved for the photos just chosen is this listing: wait for it rather than make a second.
    if (creatingDraft.current) await creatingDraft.current;
    if (editingRef.current) return saveEdits(body, paymentType);
    const parsed = await schemaCheck((schemas) => schemas.createSpaceSchema.safeParse(createBody(body, confirmPin)));
    if (!parsed?.success) {
      if (parsed) reportIssue(parsed.error.issues[0]!);
      setSubmitting(false);
      return;
    }
    try {
      const space = await apiFetch<OwnSpace>('/api/spaces', { body: parsed.data });
      // From now on this page is the draft's edit screen: Back from checkout returns here, not to an empty form.
      window.history.replaceState(null, '', editListingHref(space.id));
      clearFormDraft(undefined);
      saved.current = body;
      setEditing(space);
      setEditState('ready');
      if (!(await photos.current?.commit(space.id) ?? true)) {
        showToast({ title: 'Some photos did not upload', description: 'Your draft is saved. Retry the photos marked below, or continue without them.', variant: 'destructive' });
        setSubmitting(false);
        return;
      }
      showToast({ title: 'Space Created', description: 'Your space has been created. Complete payment to publish it.' });
      const next = `/checkout?${new URLSearchParams({ spaceId: String(space.id), paymentType, currency: 'USD' })}`;
      // A moment to read the toast before the checkout page loads.
      leaving.current = true;
      setTimeout(() => leave(next), 900);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors?.latitude) setPinProblem(error.fieldErrors.latitude);
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to create space'), variant: 'destructive' });
      setSubmitting(false);
    }
  }

  /** The contract's check of the body, or undefined (after a toast) when its code could not be loaded. */
  async function schemaCheck<T>(check: (schemas: Awaited<ReturnType<typeof loadSpaceSchemas>>) => T): Promise<T | undefined> {
    try {
      return check(await loadSpaceSchemas());
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Could not check the form. Please try again.'), variant: 'destructive' });
      return undefined;
    }
  }

  function reportIssue(issue: { path: PropertyKey[]; message: string }) {
    setInvalid(new Set([String(issue.path[0]) as keyof FormState]));
    showToast({ title: 'Error', description: issue.message, variant: 'destructive' });
  }

  async function saveEdits(body: Record<string, unknown>, paymentType: PaymentType) {
    setSubmitting(true);
    const changes = changedFields(saved.current, body);
    // A moved or removed pin is sent whole (both coordinates, and the owner's confirmation).
    if ('latitude' in changes || 'longitude' in changes) Object.assign(changes, { latitude: body.latitude, longitude: body.longitude, ...(body.latitude !== null && { confirmPin }) });
    const parsed = await schemaCheck((schemas) => schemas.updateSpaceSchema.safeParse(changes));
    if (!parsed || (Object.keys(changes).length && !parsed.success)) {
      if (parsed && !parsed.success) reportIssue(parsed.error.issues[0]!);
      setSubmitting(false);
      return;
    }
    try {
      const listing = editingRef.current!;
      const space = parsed.success ? await apiFetch<OwnSpace>(`/api/spaces/${listing.id}`, { method: 'PATCH', body: parsed.data }) : listing;
      saved.current = body;
      clearFormDraft(space.id);
      if (!(await photos.current?.commit(space.id) ?? true)) throw new Error('Some photos did not upload. Retry the photos marked below, or delete them.');
      if (space.status === 'draft') {
        leave(`/checkout?${new URLSearchParams({ spaceId: String(space.id), paymentType, currency: 'USD' })}`);
        return;
      }
      showToast({ title: 'Changes saved', description: 'Your listing shows the changes now.' });
      leaving.current = true;
      setTimeout(() => leave(`/spaces/${space.id}`), 700);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to save your changes'), variant: 'destructive' });
      setSubmitting(false);
    }
  }

  const cancelHref = editing ? (editing.status === 'draft' ? '/dashboard' : `/spaces/${editing.id}`) : '/spaces';
  /** Cancel drops what was not saved, and takes off a live listing the photos added during this visit. */
  async function cancel() {
    if (unsaved.current() && !window.confirm('Leave without saving? Your changes on this page will be lost.')) return;
    clearFormDraft(editing?.id);
    if (editing && editing.status !== 'draft') await photos.current?.discardNew();
    leave(cancelHref);
  }

  const fieldClass = (key: keyof FormState) => `input ${invalid.has(key) ? 'border-[var(--color-danger)] ring-1 ring-[var(--color-danger)]' : ''}`;
  const aria = (key: keyof FormState) => ({ 'aria-invalid': invalid.has(key) || undefined });

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
      {viewer.status === 'anonymous' && (
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
          <Field id="ls-pricePerMonth" label={`Monthly Rent (${currencySymbol(form.currency)})`} required>
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
            <select id="ls-country" className={fieldClass('country')} value={form.country} onChange={(e) => setForm((f) => ({ ...f, country: e.target.value, currency: currencyOfCountry(e.target.value) }))}>
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
          <PinPicker city={form.city} country={form.country} pin={pin} onPin={(p) => { setPin(p); setPinProblem(undefined); setConfirmPin(false); }} problem={pinProblem} confirmed={confirmPin} onConfirm={setConfirmPin} />
        </div>
      </fieldset>

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
        onChange={(next) => {
          setGrowing(next);
          setGrowingErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([k]) => next[k as keyof GrowingForm] === growing[k as keyof GrowingForm])));
        }}
        errors={growingErrors}
      />

      <PhotoUploader key={openedId ?? 'new'} ref={photos} spaceId={editing?.id} initial={editing?.photos} title={form.title} ensureListing={ensureListing} onSummary={setUploads} />

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
      {uploads && uploads.total > 0 && uploads.done + uploads.failed < uploads.total && <UploadProgress summary={uploads} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <a href={cancelHref} className="btn-outline" onClick={(e) => { e.preventDefault(); void cancel(); }}>
          Cancel
        </a>
        <button type="submit" className="btn-primary px-6" disabled={submitting || editState === 'loading' || editState === 'missing'}>
          {submitting ? (uploads && uploads.done + uploads.failed < uploads.total ? 'Saving photos…' : 'Saving…') : !editing ? 'Create Listing & Continue to Payment' : editing.status === 'draft' ? 'Save & Continue to Payment' : 'Save Changes'}
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

/** The photos' overall progress, beside the button that waits for them. */
function UploadProgress({ summary }: { summary: UploadSummary }) {
  const left = summary.total - summary.done - summary.failed;
  const text = summary.sending > 0 ? `Uploading ${left} photo${left === 1 ? '' : 's'}… ${Math.round(summary.fraction * 100)}%` : `Processing ${left} photo${left === 1 ? '' : 's'}…`;
  return (
    <div className="mb-3 flex min-w-0 items-center gap-2 text-sm text-muted sm:justify-end" role="status" data-upload-progress>
      <progress className="h-2 w-28 shrink-0 accent-[var(--color-brand-700)]" max={1} value={summary.fraction} aria-label="Photo uploads" />
      <span className="min-w-0">{text}</span>
    </div>
  );
}
