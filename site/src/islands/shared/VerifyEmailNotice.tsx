// What a person reads where FarmSpace refuses a step until their e-mail address is verified (issue 15 item 15:
// a third conversation; issue 43 item 7: proposing or accepting lease terms, writing a review): the API's
// reason and a button that sends the verification link again. One notice for every such refusal.
import { useState } from 'react';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { sendVerificationEmail } from '../../lib/stores/account-actions';
import { showToast } from '../../lib/stores/toast-store';

/** The API's reason when `error` is its "verify your address first" refusal (403 email_unverified), else null. */
export function unverifiedRefusal(error: unknown, fallback: string): string | null {
  return error instanceof ApiRequestError && error.code === 'email_unverified' ? (error.serverMessage ?? fallback) : null;
}

export function VerifyEmailNotice({ message, testId = 'verify-email-notice', className = '' }: { message: string; testId?: string; className?: string }) {
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  async function resendVerification() {
    setResend('sending');
    try {
      await sendVerificationEmail();
      setResend('sent');
    } catch (error) {
      setResend('idle');
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to send the verification e-mail'), variant: 'destructive' });
    }
  }
  return (
    <div role="alert" className={`flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 ${className}`} data-testid={testId}>
      <p>{message}</p>
      <button type="button" className="btn-outline self-start" onClick={() => void resendVerification()} disabled={resend !== 'idle'}>
        {resend === 'sending' ? 'Sending…' : resend === 'sent' ? 'Verification e-mail sent' : 'Resend verification e-mail'}
      </button>
    </div>
  );
}
