// Settings → Profile: name, e-mail (a new address takes the current password) and account type; the
// reminder to verify the address with a button to send the link again; and the public profile (issue 28).
import { lazy, useRef, useState } from 'react';
import { AUTH_MESSAGES, AUTH_TOASTS, profileRequestSchema, type CurrentUser } from '#contracts/auth.schemas';
import { USER_TYPES } from '#contracts/constants';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { showToast } from '../../lib/stores/toast-store';
import { sendVerificationEmail, updateProfile } from '../../lib/stores/account-actions';
import { NameAndEmailFields, PasswordField } from '../shared/FormField';
import { HydrationGate } from '../shared/HydrationGate';
import { OnDemandDialog } from '../shared/OnDemandDialog';
import { useForm } from '../shared/use-form';
import { Section } from './Section';

const loadPublicProfileDialog = () => import('./PublicProfileDialog');
const PublicProfileDialog = lazy(() => loadPublicProfileDialog().then((m) => ({ default: m.PublicProfileDialog })));

const USER_TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = { landlord: 'Space Owner', farmer: 'Urban Farmer', both: 'Both' };

export function ProfileTab({ user }: { user: CurrentUser }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(profileRequestSchema, { firstName: user.firstName, lastName: user.lastName, email: user.email, userType: user.userType, currentPassword: '' });
  // A new address takes the current password (the API refuses it without): the field appears when needed.
  const emailChanging = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [resending, setResending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    if (emailChanging && !form.values.currentPassword) {
      form.setErrors({ currentPassword: AUTH_MESSAGES.currentPasswordForEmail });
      formRef.current?.querySelector<HTMLElement>('[name="currentPassword"]')?.focus();
      return;
    }
    form.setBusy(true);
    try {
      const { currentPassword, ...profile } = form.values;
      const body = emailChanging ? { ...profile, currentPassword } : profile;
      const updated = await updateProfile(body);
      form.set('currentPassword', '');
      showToast(updated.email !== user.email ? { title: AUTH_TOASTS.profileSuccess.title, description: 'Please check your e-mail to verify your new address.' } : AUTH_TOASTS.profileSuccess);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.profileFailure.title, description: errorMessage(error, AUTH_TOASTS.profileFailure.fallback), variant: 'destructive' });
    } finally {
      form.setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await sendVerificationEmail();
      showToast(AUTH_TOASTS.verifySent);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to send the verification e-mail'), variant: 'destructive' });
    } finally {
      setResending(false);
    }
  }

  return (
    <>
    <Section title="Profile" description="Your name and e-mail address as other FarmSpace members see them.">
      {!user.verified && (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Your e-mail address is not verified yet. Check your inbox for the link.</p>
          <button type="button" className="btn-outline shrink-0" onClick={resend} disabled={resending}>
            {resending ? 'Sending…' : 'Resend e-mail'}
          </button>
        </div>
      )}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <HydrationGate>
        <NameAndEmailFields form={form} />
        {emailChanging && (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            hint="To change your e-mail address, confirm it is you. We will tell your current address about the change."
            value={form.values.currentPassword ?? ''}
            error={form.errors.currentPassword}
            onValueChange={(v) => form.set('currentPassword', v)}
          />
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="settings-user-type" className="text-sm font-medium text-ink">
            Account Type
          </label>
          <select
            id="settings-user-type"
            name="userType"
            value={form.values.userType}
            onChange={(e) => form.set('userType', e.target.value as CurrentUser['userType'])}
            className="w-full rounded-lg border border-line bg-white px-3 py-2 text-base shadow-sm"
          >
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {USER_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
        </HydrationGate>
      </form>
    </Section>
    <PublicProfile user={user} />
    </>
  );
}

/** Your page for other members (/people/{id}, issue 28): a link to it, and its editor, loaded when first pressed. */
function PublicProfile({ user }: { user: CurrentUser }) {
  return (
    <Section title="Public profile" description="What other members see when they open your name from a listing or a conversation.">
      <div className="flex flex-wrap items-center gap-3">
        <HydrationGate>
          <OnDemandDialog
            trigger={
              <button type="button" className="btn-primary">
                Edit public profile
              </button>
            }
            preload={loadPublicProfileDialog}
            dialog={(trigger) => <PublicProfileDialog trigger={trigger} initiallyOpen grows={user.userType !== 'landlord'} />}
          />
        </HydrationGate>
        <a href={`/people/${user.id}`} className="btn-outline">
          View your profile
        </a>
      </div>
      {user.preferences.publicProfile === false && <p className="mt-3 text-sm text-muted">Your profile is private (Preferences → Public Profile): only you can open it.</p>}
    </Section>
  );
}
