// /forgot-password: asks for the e-mail and always answers the same, so it never tells whether an
// address has an account.
import { useRef, useState } from 'react';
import { AUTH_TOASTS, forgotPasswordRequestSchema } from '#contracts/auth.schemas';
import { errorMessage } from '../lib/api/api-client';
import { requestPasswordReset } from '../lib/stores/account-actions';
import { showToast } from '../lib/stores/toast-store';
import { FormField, SubmitButton } from './shared/FormField';
import { useForm } from './shared/use-form';
import { HydrationGate } from './shared/HydrationGate';

export default function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(forgotPasswordRequestSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await requestPasswordReset(form.values);
      setSentTo(form.values.email.trim());
      showToast(AUTH_TOASTS.resetSent);
    } catch (error) {
      showToast({ title: 'Request failed', description: errorMessage(error, 'Failed to send the reset link. Please try again.'), variant: 'destructive' });
    } finally {
      form.setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4 text-center" role="status">
        <h2 className="text-lg font-semibold">Check your e-mail</h2>
        <p className="text-muted">
          If an account exists for <strong className="text-ink">{sentTo}</strong>, we have sent a link to reset its password. The link expires in one hour and works once.
        </p>
        <a href="/login" className="btn-outline">
          Back to Sign In
        </a>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <HydrationGate>
      <FormField label="Email" name="email" type="email" autoComplete="email" value={form.values.email} error={form.errors.email} onValueChange={(v) => form.set('email', v)} />
      <SubmitButton busy={form.busy} busyLabel="Sending…">
        Send Reset Link
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Remembered it?{' '}
        <a href="/login" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </a>
      </p>
      </HydrationGate>
    </form>
  );
}
