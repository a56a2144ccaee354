// Settings → Security: change the password (every other device is signed out); and "Your data": download
// everything the account holds, or close the account (issue 28) — in the one FormDialog, with the password
// and CLOSE typed to confirm. Once closed, the person is signed out and lands on the home page with a toast.
import { lazy, useRef } from 'react';
import { FORMER_MEMBER_NAME } from '#contracts/account-data';
import { AUTH_TOASTS, changePasswordRequestSchema } from '#contracts/auth.schemas';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { changePassword } from '../../lib/stores/account-actions';
import { showToast } from '../../lib/stores/toast-store';
import { PasswordField } from '../shared/FormField';
import { OnDemandDialog } from '../shared/OnDemandDialog';
import { HydrationGate } from '../shared/HydrationGate';
import { useForm } from '../shared/use-form';
import { Section } from './Section';

// Radix Dialog and the dialog's form load when "Close account" is first pressed (the settings island's
// JavaScript budget, decision 0706): nearly nobody opens it.
const loadCloseAccountDialog = () => import('./CloseAccountDialog');
const CloseAccountDialog = lazy(() => loadCloseAccountDialog().then((m) => ({ default: m.CloseAccountDialog })));

export function SecurityTab() {
  const formRef = useRef<HTMLFormElement>(null);
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm(changePasswordRequestSchema, empty);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await changePassword(form.values);
      form.reset(empty);
      showToast(AUTH_TOASTS.passwordSuccess);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.passwordFailure.title, description: errorMessage(error, AUTH_TOASTS.passwordFailure.fallback), variant: 'destructive' });
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-12">
      <Section title="Security" description="Change your password. Every other device signed in to your account will be signed out.">
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
          <HydrationGate>
          <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" value={form.values.currentPassword} error={form.errors.currentPassword} onValueChange={(v) => form.set('currentPassword', v)} />
          <PasswordField label="New password" name="newPassword" autoComplete="new-password" value={form.values.newPassword} error={form.errors.newPassword} onValueChange={(v) => form.set('newPassword', v)} />
          <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" value={form.values.confirmPassword} error={form.errors.confirmPassword} onValueChange={(v) => form.set('confirmPassword', v)} />
          <div>
            <button type="submit" className="btn-primary" disabled={form.busy}>
              {form.busy ? 'Changing…' : 'Change Password'}
            </button>
          </div>
          </HydrationGate>
        </form>
      </Section>
      <YourData />
    </div>
  );
}

function YourData() {
  return (
    <Section title="Your data" description="Take a copy of everything your account holds, or close the account.">
      <div className="flex max-w-xl flex-col gap-6">
        <div>
          <p className="text-sm text-muted">
            One file (JSON) with your profile, settings, listings and their photos, the conversations you take part in, lease terms, payments, saved searches and saved spaces, and the sign-ins to your account.
          </p>
          <a href="/api/account/export" download className="btn-outline mt-3 inline-flex">
            Download my data
          </a>
        </div>
        <div>
          <p className="text-sm text-muted">
            Closing signs you out everywhere and takes your listings down. The people you wrote to keep the conversation, with your messages shown under “{FORMER_MEMBER_NAME}”; receipts are kept as the law requires. Your e-mail address becomes free for a new account.
          </p>
          <HydrationGate>
            <OnDemandDialog
              trigger={
                <button type="button" className="btn-outline mt-3 border-[var(--color-danger)] text-[var(--color-danger)]">
                  Close account
                </button>
              }
              preload={loadCloseAccountDialog}
              dialog={(trigger) => <CloseAccountDialog trigger={trigger} initiallyOpen />}
            />
          </HydrationGate>
        </div>
      </div>
    </Section>
  );
}
