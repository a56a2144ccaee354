// /register (spec 2.12): first name, last name, email, password; link to /login. Success signs the new
// user in, asks them to check their e-mail (toast), refreshes the current user and goes to /. It also asks
// what the person is here for (issue 43, item 13: every account was "Both"); not answering keeps "Both".
import { useId, useRef } from 'react';
import { MIN_PASSWORD_LENGTH } from '#contracts/constants';
import { AUTH_TOASTS, registerRequestSchema, safeReturnPath, type RegisterRequest } from '#contracts/auth.schemas';
import { ApiRequestError, errorMessage } from '../lib/api/api-client';
import { register } from '../lib/stores/account-actions';
import { showToastAfterNavigation } from '../lib/stores/pending-toast';
import { showToast } from '../lib/stores/toast-store';
import { NameAndEmailFields, PasswordField, SubmitButton } from './shared/FormField';
import { useForm } from './shared/use-form';
import { useKeepNext } from './shared/use-keep-next';
import { HydrationGate } from './shared/HydrationGate';

const SIGN_UP_ROLES = [
  ['farmer', 'I am looking for space to grow'],
  ['landlord', 'I have a space to let'],
  ['both', 'Both'],
] as const satisfies ReadonlyArray<readonly [NonNullable<RegisterRequest['userType']>, string]>;

export default function RegisterForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(registerRequestSchema, { firstName: '', lastName: '', email: '', password: '', userType: undefined as RegisterRequest['userType'] });
  const roleId = useId();
  const signInHref = useKeepNext('/login');

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await register(form.values);
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
      <NameAndEmailFields form={form} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Very common passwords are refused.`}
        onValueChange={(v) => form.set('password', v)}
      />
      <fieldset className="flex flex-col gap-1.5" aria-describedby={`${roleId}-hint`}>
        <legend className="text-sm font-medium text-ink">What brings you to FarmSpace?</legend>
        {SIGN_UP_ROLES.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name="userType" value={value} checked={form.values.userType === value} onChange={() => form.set('userType', value)} />
            {label}
          </label>
        ))}
        <p id={`${roleId}-hint`} className="text-xs text-muted">
          Your profile says so. You can change it in Settings.
        </p>
      </fieldset>
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
