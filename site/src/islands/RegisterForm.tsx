// /register (spec 2.12): first name, last name, email, password; link to /login. Success signs the new
// user in, asks them to check their e-mail (toast), refreshes the current user and goes to /.
import { useRef } from 'react';
import { MIN_PASSWORD_LENGTH } from '#contracts/constants';
import { AUTH_TOASTS, registerRequestSchema, safeReturnPath, type AuthUserEnvelope } from '#contracts/auth.schemas';
import { apiFetch, ApiRequestError, errorMessage } from '../lib/api-client';
import { markNewAccount } from '../lib/new-account';
import { showToastAfterNavigation } from '../lib/pending-toast';
import { showToast } from '../lib/toast-store';
import { setCurrentUser } from '../lib/user-store';
import { FormField, PasswordField, SubmitButton } from './FormField';
import { useForm } from './use-form';
import { useKeepNext } from './use-keep-next';
import { HydrationGate } from './HydrationGate';

export default function RegisterForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(registerRequestSchema, { firstName: '', lastName: '', email: '', password: '' });
  const signInHref = useKeepNext('/login');

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/register', { body: form.values });
      setCurrentUser(user);
      markNewAccount(user.id);
      showToastAfterNavigation(AUTH_TOASTS.registerSuccess);
      window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('next'), window.location.origin));
    } catch (error) {
      form.setBusy(false);
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.registerFailure.title, description: errorMessage(error, AUTH_TOASTS.registerFailure.fallback), variant: 'destructive' });
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <HydrationGate>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" name="firstName" autoComplete="given-name" value={form.values.firstName} error={form.errors.firstName} onValueChange={(v) => form.set('firstName', v)} />
        <FormField label="Last name" name="lastName" autoComplete="family-name" value={form.values.lastName} error={form.errors.lastName} onValueChange={(v) => form.set('lastName', v)} />
      </div>
      <FormField label="Email" name="email" type="email" autoComplete="email" value={form.values.email} error={form.errors.email} onValueChange={(v) => form.set('email', v)} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Very common passwords are refused.`}
        onValueChange={(v) => form.set('password', v)}
      />
      <SubmitButton busy={form.busy} busyLabel="Creating account…">
        Create Account
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <a href={signInHref} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </a>
      </p>
      </HydrationGate>
    </form>
  );
}
