// Settings → Notifications: e-mail, SMS (saved for later) and marketing e-mails; inquiry alerts follow e-mail.
// Notifications on this person's devices (Web Push, issue 30) load with the tab, as a piece of their own.
import { lazy, Suspense, useState } from 'react';
import { AUTH_TOASTS, type CurrentUser } from '#contracts/auth.schemas';
import { errorMessage } from '../../lib/api/api-client';
import { showToast } from '../../lib/stores/toast-store';
import { updateNotifications } from '../../lib/stores/account-actions';
import { Section } from './Section';
import { Toggle } from './Toggle';

const PushDevices = lazy(() => import('./PushDevices'));

export function NotificationsTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState({ emailNotifications: user.emailNotifications, smsNotifications: user.smsNotifications, marketingEmails: user.marketingEmails, hideMessageText: user.hideMessageText });
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await updateNotifications(values);
      showToast(AUTH_TOASTS.notificationsSuccess);
    } catch (error) {
      showToast({ title: AUTH_TOASTS.notificationsFailure.title, description: errorMessage(error, AUTH_TOASTS.notificationsFailure.fallback), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Notifications" description="Choose how FarmSpace keeps you informed. Inquiry alerts follow your e-mail setting.">
      <div>
        <Toggle label="Email Notifications" description="Inquiries about your spaces and replies to your messages." checked={values.emailNotifications} onChange={(v) => setValues({ ...values, emailNotifications: v })} />
        <Toggle label="SMS Notifications" description="Text messages for new inquiries." checked={values.smsNotifications} onChange={(v) => setValues({ ...values, smsNotifications: v })} savedForLater />
        <Toggle label="Marketing Emails" description="News, tips for urban farming and product updates." checked={values.marketingEmails} onChange={(v) => setValues({ ...values, marketingEmails: v })} />
        <Toggle label="Hide message text on lock screens" description="Device notifications say who wrote, not what. They follow your e-mail setting above." checked={values.hideMessageText} onChange={(v) => setValues({ ...values, hideMessageText: v })} />
      </div>
      <Suspense fallback={<div className="h-24 rounded-lg border border-line" aria-hidden="true" />}>
        <PushDevices />
      </Suspense>
      <div>
        <button type="button" className="btn-primary" onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save Notification Settings'}
        </button>
      </div>
    </Section>
  );
}
