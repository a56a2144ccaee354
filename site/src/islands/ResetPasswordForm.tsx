// /reset-password?token=…: choose a new password with the single-use link from the e-mail. On success
// every session has ended; the user signs in with the new password.
import { useRef, useState } from 'react';
import { AUTH_MESSAGES, AUTH_TOASTS, resetPasswordRequestSchema } from '#contracts/auth.schemas';
import { ApiRequestError, errorMessage } from '../lib/api/api-client';
import { resetPassword } from '../lib/stores/account-actions';
import { showToastAfterNavigation } from '../lib/stores/pending-toast';
import { showToast } from '../lib/stores/toast-store';
import { PasswordField, SubmitButton } from './shared/FormField';
import { useForm } from './shared/use-form';
import { HydrationGate } from './shared/HydrationGate';

export default function ResetPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [token] = useState(() => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '')));
  const form = useForm(resetPasswordRequestSchema, { token, password: '', confirmPassword: '' });
  const [linkError, setLinkError] = useState<string | null>(token ? null : AUTH_MESSAGES.resetLinkInvalid);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await resetPassword(form.values);
      showToastAfterNavigation(AUTH_TOASTS.resetSuccess);
      window.location.assign('/login');
    } catch (error) {
      form.setBusy(false);
      if (error instanceof ApiRequestError && error.fieldErrors?.token) return setLinkError(error.fieldErrors.token);
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.resetFailure.title, description: errorMessage(error, AUTH_TOASTS.resetFailure.fallback), variant: 'destructive' });
    }
  }

  if (linkError) {
    return (
      <div className="flex flex-col gap-4 text-center" role="alert">
        <p className="text-[var(--color-danger)]">{linkError}</p>
        <a href="/forgot-password" className="btn-primary">
          Request a new link
        </a>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <HydrationGate>
      <PasswordField label="New password" name="password" autoComplete="new-password" value={form.values.password} error={form.errors.password} onValueChange={(v) => form.set('password', v)} />
      <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" value={form.values.confirmPassword} error={form.errors.confirmPassword} onValueChange={(v) => form.set('confirmPassword', v)} />
      <SubmitButton busy={form.busy} busyLabel="Saving…">
        Reset Password
      </SubmitButton>
      </HydrationGate>
    </form>
  );
}
