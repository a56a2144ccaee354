// /verify-email?token=…: confirms the address with the link from the e-mail, once.
import { useEffect, useState } from 'react';
import { AUTH_MESSAGES } from '#contracts/auth.schemas';
import { errorMessage } from '../lib/api/api-client';
import { verifyEmail } from '../lib/stores/account-actions';

type State = { status: 'working' } | { status: 'verified' } | { status: 'failed'; message: string };

export default function VerifyEmail() {
  const [state, setState] = useState<State>({ status: 'working' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) return setState({ status: 'failed', message: AUTH_MESSAGES.verifyLinkInvalid });
    // The token leaves the address bar (and so the history) once read.
    window.history.replaceState(null, '', '/verify-email');
    verifyEmail(token)
      .then(() => setState({ status: 'verified' }))
      .catch((error: unknown) => setState({ status: 'failed', message: errorMessage(error, AUTH_MESSAGES.verifyLinkInvalid) }));
  }, []);

  if (state.status === 'working') return <p role="status" className="text-center text-muted">Verifying your e-mail address…</p>;
  if (state.status === 'verified') {
    return (
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <h2 className="text-xl font-semibold text-brand-800">Your e-mail address is verified</h2>
        <p className="text-muted">Thank you! Your FarmSpace account is ready.</p>
        <div className="flex gap-3">
          <a href="/dashboard" className="btn-primary">
            Go to Dashboard
          </a>
          <a href="/spaces" className="btn-outline">
            Browse Spaces
          </a>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-xl font-semibold">We could not verify your e-mail</h2>
      <p className="text-muted">{state.message}</p>
      <p className="text-sm text-muted">Signed in? You can ask for a new link in your account settings.</p>
      <a href="/settings" className="btn-outline">
        Account Settings
      </a>
    </div>
  );
}
