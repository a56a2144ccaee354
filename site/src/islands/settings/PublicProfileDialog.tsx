// Settings → Profile → Edit public profile (issue 28): what others see on /people/{id} — about you, and for
// farmers what they grow, their growing systems, experience and a link. Loaded when its button is first
// pressed (ProfileTab), with its own read of the profile; checked by the contract, then by the API.
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { GROWING_SYSTEMS, type GrowingSystemId } from '#contracts/growing-systems';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '#contracts/profiles';
import { profileUpdateSchema, type OwnProfile } from '#contracts/profiles.schemas';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { loadOwnProfile, removeAvatar, saveOwnProfile, uploadAvatar } from '../../lib/stores/profile-actions';
import { ACCEPTED_PHOTO_TEXT, ACCEPTED_PHOTO_TYPES } from '#contracts/photos';
import { showToast } from '../../lib/stores/toast-store';
import { FormDialog } from '../shared/FormDialog';
import { Field, FormField } from '../shared/FormField';

type Values = { about: string; crops: string; growingSystems: GrowingSystemId[]; experienceYears: string; website: string };

const toValues = (p: OwnProfile): Values => ({ about: p.about, crops: p.crops, growingSystems: p.growingSystems, experienceYears: p.experienceYears === null ? '' : String(p.experienceYears), website: p.website ?? '' });

export function PublicProfileDialog({ trigger, initiallyOpen = false, grows }: { trigger: ReactElement; initiallyOpen?: boolean; grows: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [values, setValues] = useState<Values>();
  const [avatarUrl, setAvatarUrl] = useState<string | null>(null);
  const [avatarProgress, setAvatarProgress] = useState<number>();
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const aboutId = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    loadOwnProfile().then(
      (profile) => {
        if (!current) return;
        setValues(toValues(profile));
        setAvatarUrl(profile.avatarUrl);
      },
      (caught: unknown) => current && setError(errorMessage(caught, 'Your profile could not be loaded. Please try again.')),
    );
    return () => {
      current = false;
    };
  }, [open]);

  async function changeAvatar(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    setAvatarProgress(0);
    try {
      setAvatarUrl((await uploadAvatar(file, setAvatarProgress)).avatarUrl);
    } catch (caught) {
      setError(errorMessage(caught, 'Your picture was not uploaded. Please try again.'));
    } finally {
      setAvatarProgress(undefined);
    }
  }

  async function dropAvatar() {
    setError(undefined);
    try {
      await removeAvatar();
      setAvatarUrl(null);
    } catch (caught) {
      setError(errorMessage(caught, 'Your picture was not removed. Please try again.'));
    }
  }

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const experience = values.experienceYears.trim();
    const body = { ...values, experienceYears: experience === '' ? null : Number(experience) };
    const parsed = profileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setError(undefined);
    setPending(true);
    try {
      setValues(toValues(await saveOwnProfile(body)));
      showToast({ title: PROFILE_TEXTS.saved });
      setOpen(false);
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.fieldErrors) setErrors(caught.fieldErrors);
      setError(errorMessage(caught, 'Your profile was not saved. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title="Your public profile"
      description="Shown to other members on your profile page, next to your first name and the initial of your surname. Never your e-mail address or full name."
      onSubmit={onSubmit}
      submitLabel="Save profile"
      pendingLabel="Saving…"
      pending={pending || !values}
      error={error}
      errorId={errorId}
      width="lg"
      testId="public-profile-dialog"
    >
      {values && (
        <>
          <div className="flex items-center gap-4" data-testid="avatar-editor">
            {avatarUrl ? (
              <img src={avatarUrl} alt="Your picture" width={64} height={64} className="h-16 w-16 rounded-full bg-brand-50 object-cover" />
            ) : (
              <div aria-hidden="true" className="h-16 w-16 rounded-full bg-brand-100" />
            )}
            <div className="flex flex-col gap-1">
              <label className="btn-outline cursor-pointer text-sm">
                {avatarProgress !== undefined ? `Uploading… ${Math.round(avatarProgress * 100)}%` : avatarUrl ? 'Change picture' : 'Add a picture'}
                <input type="file" name="avatar" accept={ACCEPTED_PHOTO_TYPES.join(',')} className="sr-only" disabled={avatarProgress !== undefined} onChange={(e) => void changeAvatar(e.target.files?.[0])} />
              </label>
              {avatarUrl && (
                <button type="button" className="text-left text-sm text-[var(--color-danger)] hover:underline" onClick={() => void dropAvatar()}>
                  Remove picture
                </button>
              )}
              <p className="text-xs text-muted">{ACCEPTED_PHOTO_TEXT}; location and camera details are removed.</p>
            </div>
          </div>
          <Field id={aboutId} label="About you" error={errors.about} name="about" limit={{ length: values.about.length, max: PROFILE_LIMITS.about }}>
            <textarea
              id={aboutId}
              name="about"
              rows={4}
              value={values.about}
              onChange={(e) => set('about', e.target.value)}
              aria-describedby={`${aboutId}-count${errors.about ? ` ${aboutId}-error` : ''}`}
              aria-invalid={errors.about ? true : undefined}
              placeholder={grows ? 'What you grow, for whom, and what kind of space you are looking for.' : 'Your spaces, how you like to work with tenants, what a farmer can expect.'}
              className="rounded-lg border border-line px-3 py-2 text-base text-ink"
            />
          </Field>
          {grows && (
            <>
              <FormField label="What you grow" name="crops" value={values.crops} error={errors.crops} limit={PROFILE_LIMITS.crops} placeholder="Microgreens, basil, oyster mushrooms" onValueChange={(v) => set('crops', v)} />
              <fieldset className="flex flex-col gap-2">
                <legend className="text-sm font-medium text-ink">Growing systems</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {GROWING_SYSTEMS.map((system) => (
                    <label key={system.id} className="flex items-center gap-2 text-sm text-ink">
                      <input
                        type="checkbox"
                        name="growingSystems"
                        value={system.id}
                        checked={values.growingSystems.includes(system.id)}
                        onChange={(e) => set('growingSystems', e.target.checked ? [...values.growingSystems, system.id] : values.growingSystems.filter((s) => s !== system.id))}
                        className="h-4 w-4 rounded border-line text-brand-600"
                      />
                      {system.name}
                    </label>
                  ))}
                </div>
                {errors.growingSystems && <p className="text-sm text-[var(--color-danger)]">{errors.growingSystems}</p>}
              </fieldset>
              <FormField label="Experience (years)" name="experienceYears" type="number" inputMode="numeric" min={0} max={PROFILE_LIMITS.experienceYears} value={values.experienceYears} error={errors.experienceYears} onValueChange={(v) => set('experienceYears', v)} />
              <FormField label="Link (website or social profile)" name="website" type="url" value={values.website} error={errors.website} placeholder="https://" onValueChange={(v) => set('website', v)} />
            </>
          )}
        </>
      )}
      {!values && !error && <p className="text-sm text-muted">Loading your profile…</p>}
    </FormDialog>
  );
}
