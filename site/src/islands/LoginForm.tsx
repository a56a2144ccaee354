// /login (spec 2.12): email and password (show/hide), links to /register, /forgot-password and /contact.
// Success refreshes the current user and goes to `next` (a path on this site) or /.
import { useRef } from 'react';
import { AUTH_TOASTS, loginRequestSchema, safeReturnPath } from '#contracts/auth.schemas';
import { ApiRequestError, errorMessage } from '../lib/api/api-client';
import { logIn } from '../lib/stores/account-actions';
import { showToastAfterNavigation } from '../lib/stores/pending-toast';
import { showToast } from '../lib/stores/toast-store';
import { FormField, PasswordField, SubmitButton } from './shared/FormField';
import { useForm } from './shared/use-form';
import { useKeepNext } from './shared/use-keep-next';
import { HydrationGate } from './shared/HydrationGate';

export default function LoginForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(loginRequestSchema, { email: '', password: '' });
  const signUpHref = useKeepNext('/register');

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await logIn(form.values);
      showToastAfterNavigation(AUTH_TOASTS.loginSuccess);
      window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('next'), window.location.origin));
    } catch (error) {
      form.setBusy(false);
      if (error instanceof ApiRequestError && error.fieldErrors && error.status === 400) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.loginFailure.title, description: errorMessage(error, AUTH_TOASTS.loginFailure.fallback), variant: 'destructive' });
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <HydrationGate>
      <FormField label="Email" name="email" type="email" autoComplete="email" value={form.values.email} error={form.errors.email} onValueChange={(v) => form.set('email', v)} />
      <div className="flex flex-col gap-1.5">
        <PasswordField label="Password" name="password" autoComplete="current-password" value={form.values.password} error={form.errors.password} onValueChange={(v) => form.set('password', v)} />
        <a href="/forgot-password" className="self-end text-sm font-medium text-brand-700 hover:underline">
          Forgot password?
        </a>
      </div>
      <SubmitButton busy={form.busy} busyLabel="Signing in…">
        Sign In
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Don&apos;t have an account?{' '}
        <a href={signUpHref} className="font-semibold text-brand-700 hover:underline">
          Sign up
        </a>
      </p>
      <p className="text-center text-xs text-muted">
        Trouble signing in?{' '}
        <a href="/contact" className="underline hover:text-ink">
          Contact support
        </a>
      </p>
      </HydrationGate>
    </form>
  );
}
