// Settings → Security → Close account (issue 28): the password and CLOSE typed to confirm, in the one
// FormDialog. Loaded when its button is first pressed (SecurityTab). Once closed, the person is signed out and
// the home page greets them with the toast.
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { ACCOUNT_DATA_TEXTS, CLOSE_ACCOUNT_WORD } from '#contracts/account-data';
import { closeAccountRequestSchema } from '#contracts/account-data.schemas';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { closeAccount } from '../../lib/stores/account-actions';
import { showToastAfterNavigation } from '../../lib/stores/pending-toast';
import { FormDialog } from '../shared/FormDialog';
import { FormField, PasswordField } from '../shared/FormField';

export function CloseAccountDialog({ trigger, initiallyOpen = false }: { trigger: ReactElement; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const errorId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword('');
      setTyped('');
      setErrors({});
      setError(undefined);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = closeAccountRequestSchema.safeParse({ password });
    const found = {
      ...(!parsed.success && { password: ACCOUNT_DATA_TEXTS.passwordRequired }),
      ...(typed.trim() !== CLOSE_ACCOUNT_WORD && { confirm: ACCOUNT_DATA_TEXTS.typeToConfirm }),
    };
    setErrors(found);
    setError(undefined);
    if (found.password || found.confirm) return;
    setPending(true);
    try {
      await closeAccount({ password });
      showToastAfterNavigation(ACCOUNT_DATA_TEXTS.closed);
      window.location.assign('/');
    } catch (caught) {
      // A wrong password is said at its field; anything else (a limit, a lost connection) above the buttons.
      if (caught instanceof ApiRequestError && caught.fieldErrors?.password) setErrors({ password: caught.fieldErrors.password });
      else setError(errorMessage(caught, ACCOUNT_DATA_TEXTS.closeFailure.fallback));
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Close your account?"
      description="This cannot be undone. Enter your password and type CLOSE to confirm."
      onSubmit={onSubmit}
      submitLabel="Close my account"
      pendingLabel="Closing…"
      pending={pending}
      error={error}
      errorId={errorId}
      testId="close-account-dialog"
    >
      <PasswordField label="Password" name="password" autoComplete="current-password" value={password} error={errors.password} onValueChange={setPassword} />
      <FormField label={`Type ${CLOSE_ACCOUNT_WORD} to confirm`} name="confirm" autoComplete="off" value={typed} error={errors.confirm} onValueChange={setTyped} />
    </FormDialog>
  );
}
