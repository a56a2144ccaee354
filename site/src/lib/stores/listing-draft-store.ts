// The list-space form's state machine (spec 2.9; decisions 0805, 1312), rendered by the /list-space island:
// the fields as typed, the listing being edited (/list-space?edit={id}, read through the islands' fetcher),
// what this browser keeps until it is saved (form-draft.ts), and one flow that saves both ways — create the
// draft, or send the fields that changed (issue 25: an untouched field, the pin among them, is never written
// back) — then commits the photos and goes on: a draft to its checkout, a live listing to its page. A new
// listing's draft is also saved early and quietly when chosen photos need somewhere to upload (ensureListing).
// The photos are the photo-upload store's (decision 0808); the flow calls them through ListingPhotos.
import { atom } from 'nanostores';
import { LISTING_PRICES_CENTS } from '#contracts/constants';
import { isPhotoUrl } from '#contracts/photos';
import { currencyOfCountry } from '#contracts/spaces';
import type { CreateSpace, OwnSpace, Space, UpdateSpace } from '#contracts/spaces.schemas';
import { ApiRequestError, errorMessage } from '../api/api-client';
import { createFetcherStore } from '../api/fetcher';
import { editListingHref, readEditId } from '../display/edit-listing';
import { EMPTY_GROWING_FORM, growingBody, growingFormOf, type GrowingForm } from '../display/growing-form';
import { clearFormDraft, readFormDraft, writeFormDraft } from './form-draft';
import { createListing, updateListing } from './listings-store';
import { showToast } from './toast-store';

export type PaymentType = keyof typeof LISTING_PRICES_CENTS;
export type Pin = { latitude: number; longitude: number };

export type ListingForm = {
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

export const EMPTY_LISTING_FORM: ListingForm = {
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
export function missingFields(f: ListingForm): string[] {
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

const FIELD_OF_LABEL: Record<string, keyof ListingForm> = {
  'Space Title': 'title',
  Description: 'description',
  'Full Address': 'location',
  City: 'city',
  'Space Type': 'spaceType',
  'Size (must be greater than 0)': 'size',
  'Monthly Rent (must be a valid amount)': 'pricePerMonth',
};

/** The form's values for a stored listing (the pasted URLs only: the uploaded photos are edited beside them). */
export function formOfSpace(space: Space): Omit<ListingForm, 'paymentType'> {
  return {
    title: space.title,
    description: space.description,
    location: space.location,
    city: space.city,
    country: space.country,
    state: space.state ?? '',
    zipCode: space.zipCode ?? '',
    size: String(space.size),
    pricePerMonth: space.pricePerMonth,
    spaceType: space.spaceType,
    amenities: [...space.amenities],
    images: space.images.filter((url) => !isPhotoUrl(url)).join(', '),
    currency: space.currency,
    hideStreetAddress: space.hideStreetAddress,
  };
}

/** The owner's pin as the edit form shows it: a position set to the address (not the city's centre). */
export function pinOf(space: Space): Pin | null {
  return space.locationPrecision === 'address' && space.latitude !== null && space.longitude !== null ? { latitude: space.latitude, longitude: space.longitude } : null;
}

/**
 * The fields of `after` that differ from `before`. An edit sends only these (issue 25): a field the owner did
 * not touch is never written back, so nothing the form cannot show exactly (the pin, a derived value) is lost.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
}

/** The form as the API body it stands for (without the payment choice): what is saved, compared and kept. */
function requestBody(form: ListingForm, growing: GrowingForm, pin: Pin | null): Record<string, unknown> {
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

export type EditState = 'none' | 'loading' | 'ready' | 'missing';
export type ListingDraft = {
  form: ListingForm;
  growing: GrowingForm;
  growingErrors: Partial<Record<keyof GrowingForm, string>>;
  pin: Pin | null;
  pinProblem?: string;
  /** The owner confirmed a pin far from the address's city. */
  confirmPin: boolean;
  /** Fields to mark, after a send found them missing or refused. */
  invalid: (keyof ListingForm)[];
  /** The listing this page edits: opened with ?edit=, or the draft it created. */
  editing?: OwnSpace;
  editState: EditState;
  /** The listing opened for editing: the photo uploader starts again with its photos only then (a draft just
   *  created keeps the same uploader, whose waiting files upload into it). */
  openedId?: number;
  /** Unsaved changes were brought back from this browser. */
  restored: boolean;
  submitting: boolean;
};

export const $listingDraft = atom<ListingDraft>({
  form: EMPTY_LISTING_FORM,
  growing: EMPTY_GROWING_FORM,
  growingErrors: {},
  pin: null,
  confirmPin: false,
  invalid: [],
  editState: 'none',
  restored: false,
  submitting: false,
});

/** The photos as the flow uses them (photo-upload-store's `listingPhotos`). */
export type ListingPhotos = { commit(spaceId: number): Promise<boolean>; hasUnsavedChanges(): boolean; discardNew(): Promise<void> };

const $editedSpaceId = atom<string | null>(null);
const $editedSpace = createFetcherStore<OwnSpace>(['/api/spaces/', $editedSpaceId]);

type Kept = { form: ListingForm; growing: GrowingForm; pin: Pin | null };
/** The body as last saved (or as loaded): an edit sends what differs, and anything else is unsaved. */
let saved = requestBody(EMPTY_LISTING_FORM, EMPTY_GROWING_FORM, null);
/** Set before the form's own navigation (after saving, Cancel): nothing kept, no "leave the page?" then. */
let leaving = false;
/** The draft being saved for the photos just chosen. */
let creatingDraft: Promise<number | undefined> | undefined;

const get = () => $listingDraft.get();
const patch = (change: Partial<ListingDraft>) => $listingDraft.set({ ...get(), ...change });
const isDirty = (s: ListingDraft = get()) => JSON.stringify(requestBody(s.form, s.growing, s.pin)) !== JSON.stringify(saved);

/** Every change is kept in this browser until it is saved; a saved form keeps nothing. */
function keep(s: ListingDraft): void {
  if (s.editState === 'loading' || s.editState === 'missing' || leaving) return;
  if (isDirty(s)) writeFormDraft<Kept>(s.editing?.id, { form: s.form, growing: s.growing, pin: s.pin });
  else clearFormDraft(s.editing?.id);
}

/**
 * Opens the form when the island mounts: the new listing's kept changes, or the listing of ?edit= once the
 * fetcher answers (someone else's listing answers without an owner's status: it is not this owner's to edit).
 * Returns the cleanup.
 */
export function openListingForm(): () => void {
  const stopKeeping = $listingDraft.listen(keep);
  const id = readEditId();
  if (id === undefined) {
    const kept = readFormDraft<Kept>(undefined);
    if (kept) restore(kept);
    return stopKeeping;
  }
  patch({ editState: 'loading' });
  $editedSpaceId.set(String(id));
  const stopOpening = $editedSpace.subscribe((opened) => {
    const s = get();
    if (s.openedId !== undefined || s.editState !== 'loading') return;
    if (opened.data && 'status' in opened.data) {
      startEditing(opened.data);
      patch({ openedId: opened.data.id });
    } else if (opened.data || opened.error) patch({ editState: 'missing' });
  });
  return () => {
    stopKeeping();
    stopOpening();
  };
}

function startEditing(space: OwnSpace): void {
  // Read before the form is filled: filling it saves (clears) what is kept for the listing.
  const kept = readFormDraft<Kept>(space.id);
  const loaded = { ...EMPTY_LISTING_FORM, ...formOfSpace(space) };
  saved = requestBody(loaded, growingFormOf(space), pinOf(space));
  patch({ editing: space, form: { ...loaded, paymentType: get().form.paymentType }, growing: growingFormOf(space), pin: pinOf(space), editState: 'ready' });
  if (kept && JSON.stringify(requestBody(kept.form, kept.growing, kept.pin)) !== JSON.stringify(saved)) restore(kept);
}

function restore(kept: Kept): void {
  patch({ form: { ...EMPTY_LISTING_FORM, ...kept.form }, growing: { ...EMPTY_GROWING_FORM, ...kept.growing }, pin: kept.pin, restored: true });
}

/** "Discard them": back to the listing as stored, or to an empty form. */
export function discardRestored(): void {
  const { editing } = get();
  clearFormDraft(editing?.id);
  patch({ restored: false });
  if (editing) startEditing(editing);
  else patch({ form: EMPTY_LISTING_FORM, growing: EMPTY_GROWING_FORM, pin: null });
}

export function setField<K extends keyof ListingForm>(key: K, value: ListingForm[K]): void {
  const s = get();
  patch({ form: { ...s.form, [key]: value }, invalid: s.invalid.filter((k) => k !== key) });
}

export function setCountry(country: string): void {
  patch({ form: { ...get().form, country, currency: currencyOfCountry(country) } });
}

/** A changed growing field drops its error; the others keep theirs until the next send. */
export function setGrowing(next: GrowingForm): void {
  const { growing, growingErrors } = get();
  patch({ growing: next, growingErrors: Object.fromEntries(Object.entries(growingErrors).filter(([k]) => next[k as keyof GrowingForm] === growing[k as keyof GrowingForm])) });
}

export function setPin(pin: Pin | null): void {
  patch({ pin, pinProblem: undefined, confirmPin: false });
}

export function setConfirmPin(confirmPin: boolean): void {
  patch({ confirmPin });
}

/** Whether leaving the page now loses something: not after the form's own navigation. */
export function losesChangesOnLeaving(photos: ListingPhotos | null): boolean {
  return !leaving && (isDirty() || (photos?.hasUnsavedChanges() ?? false));
}

function leave(href: string): void {
  leaving = true;
  window.location.assign(href);
}

const checkoutHref = (spaceId: number, paymentType: PaymentType) => `/checkout?${new URLSearchParams({ spaceId: String(spaceId), paymentType, currency: 'USD' })}`;

/** A listing just created: from now on this page is its draft's edit screen (Back from checkout returns here). */
function adoptCreated(space: OwnSpace, body: Record<string, unknown>): void {
  window.history.replaceState(null, '', editListingHref(space.id));
  clearFormDraft(undefined);
  saved = body;
  patch({ editing: space, editState: 'ready' });
}

/**
 * Photos upload as soon as they are chosen, so a new listing needs its draft first: saved here, quietly, when
 * the required fields are complete (otherwise the files wait for the Create button). The listing's id.
 */
export function ensureListing(): Promise<number | undefined> {
  const s = get();
  if (s.editing) return Promise.resolve(s.editing.id);
  if (creatingDraft) return creatingDraft;
  if (missingFields(s.form).length || Object.keys(growingBody(s.growing).errors).length) return Promise.resolve(undefined);
  const body = requestBody(s.form, s.growing, s.pin);
  creatingDraft = loadSpaceSchemas()
    .then((schemas) => {
      const parsed = schemas.createSpaceSchema.safeParse(createBody(body, false));
      if (!parsed.success) throw new Error('not a complete listing yet');
      return createListing(parsed.data);
    })
    .then((space) => {
      adoptCreated(space, body);
      showToast({ title: 'Draft saved', description: 'Your photos are uploading to your draft. It stays private until you pay.' });
      return space.id;
    })
    .catch(() => undefined)
    .finally(() => {
      creatingDraft = undefined;
    });
  return creatingDraft;
}

function reportIssue(issue: { path: PropertyKey[]; message: string }): undefined {
  patch({ invalid: [String(issue.path[0]) as keyof ListingForm] });
  showToast({ title: 'Error', description: issue.message, variant: 'destructive' });
  return undefined;
}

type Request = { create: CreateSpace } | { update: UpdateSpace | null };

/** The contract's check of what a save sends: the new listing, or the fields that changed (null: none). */
async function checkedRequest(editing: OwnSpace | undefined, body: Record<string, unknown>, confirmPin: boolean): Promise<Request | undefined> {
  let schemas: Awaited<ReturnType<typeof loadSpaceSchemas>>;
  try {
    schemas = await loadSpaceSchemas();
  } catch (error) {
    showToast({ title: 'Error', description: errorMessage(error, 'Could not check the form. Please try again.'), variant: 'destructive' });
    return undefined;
  }
  if (!editing) {
    const parsed = schemas.createSpaceSchema.safeParse(createBody(body, confirmPin));
    return parsed.success ? { create: parsed.data } : reportIssue(parsed.error.issues[0]!);
  }
  const changes = changedFields(saved, body);
  // A moved or removed pin is sent whole (both coordinates, and the owner's confirmation).
  if ('latitude' in changes || 'longitude' in changes) Object.assign(changes, { latitude: body.latitude, longitude: body.longitude, ...(body.latitude !== null && { confirmPin }) });
  if (!Object.keys(changes).length) return { update: null };
  const parsed = schemas.updateSpaceSchema.safeParse(changes);
  return parsed.success ? { update: parsed.data } : reportIssue(parsed.error.issues[0]!);
}

/**
 * The one save of the form, new listing or edit: the required fields (spec 5), the growing details, the
 * contract's check, then create or update, the photos, and on: a new listing to its checkout, a draft to its
 * checkout, a live listing to its page.
 */
export async function submitListing(photos: ListingPhotos | null): Promise<void> {
  const s = get();
  if (s.submitting) return;
  const missing = missingFields(s.form);
  if (missing.length) {
    patch({ invalid: missing.map((m) => FIELD_OF_LABEL[m]!) });
    showToast({ title: 'Please complete required fields', description: `Missing: ${missing.join(', ')}`, variant: 'destructive' });
    document.getElementById(`ls-${FIELD_OF_LABEL[missing[0]!]}`)?.focus();
    return;
  }
  const grown = growingBody(s.growing);
  patch({ growingErrors: grown.errors });
  const growingProblems = Object.values(grown.errors);
  if (growingProblems.length) {
    showToast({ title: 'Please check the growing details', description: growingProblems.join('. '), variant: 'destructive' });
    return;
  }
  const { paymentType } = s.form;
  const body = requestBody(s.form, s.growing, s.pin);
  // Sending from here on (a second press waits), also while a draft for the photos is saved or the schemas load.
  patch({ submitting: true });
  // A draft being saved for the photos just chosen is this listing: wait for it rather than make a second.
  if (creatingDraft) await creatingDraft;
  const editing = get().editing;
  const request = await checkedRequest(editing, body, get().confirmPin);
  if (!request) return patch({ submitting: false });
  const creating = 'create' in request;
  try {
    const space = 'create' in request ? await createListing(request.create) : request.update ? await updateListing(editing!.id, request.update) : editing!;
    if (creating) adoptCreated(space, body);
    else {
      saved = body;
      clearFormDraft(space.id);
    }
    if (!((await photos?.commit(space.id)) ?? true)) {
      if (!creating) throw new Error('Some photos did not upload. Retry the photos marked below, or delete them.');
      showToast({ title: 'Some photos did not upload', description: 'Your draft is saved. Retry the photos marked below, or continue without them.', variant: 'destructive' });
      return patch({ submitting: false });
    }
    if (!creating && space.status === 'draft') return leave(checkoutHref(space.id, paymentType));
    showToast(creating ? { title: 'Space Created', description: 'Your space has been created. Complete payment to publish it.' } : { title: 'Changes saved', description: 'Your listing shows the changes now.' });
    // A moment to read the toast before the next page loads.
    leaving = true;
    setTimeout(() => leave(creating ? checkoutHref(space.id, paymentType) : `/spaces/${space.id}`), creating ? 900 : 700);
  } catch (error) {
    if (creating && error instanceof ApiRequestError && error.fieldErrors?.latitude) patch({ pinProblem: error.fieldErrors.latitude });
    showToast({ title: 'Error', description: errorMessage(error, creating ? 'Failed to create space' : 'Failed to save your changes'), variant: 'destructive' });
    patch({ submitting: false });
  }
}

/** Where Cancel goes: a draft back to My Listings, a live listing to its page, a new one to browse. */
export function cancelHref(editing: OwnSpace | undefined): string {
  return editing ? (editing.status === 'draft' ? '/dashboard' : `/spaces/${editing.id}`) : '/spaces';
}

/** Cancel drops what was not saved, and takes off a live listing the photos added during this visit. */
export async function cancelListing(photos: ListingPhotos | null): Promise<void> {
  if (losesChangesOnLeaving(photos) && !window.confirm('Leave without saving? Your changes on this page will be lost.')) return;
  const { editing } = get();
  clearFormDraft(editing?.id);
  if (editing && editing.status !== 'draft') await photos?.discardNew();
  leave(cancelHref(editing));
}
