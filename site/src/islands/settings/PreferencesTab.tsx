// Settings → Preferences, kept in the account (users.preferences): language and currency, public profile and
// contact info — all saved for later (docs/accounts.md).
import { useState } from 'react';
import { AUTH_TOASTS, DISPLAY_CURRENCIES, LANGUAGES, type CurrentUser, type PreferencesRequest } from '#contracts/auth.schemas';
import { errorMessage } from '../../lib/api/api-client';
import { showToast } from '../../lib/stores/toast-store';
import { updatePreferences } from '../../lib/stores/account-actions';
import { Section } from './Section';
import { Toggle } from './Toggle';

const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Español', fr: 'Français' };

export function PreferencesTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<PreferencesRequest>(user.preferences);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await updatePreferences(values);
      showToast(AUTH_TOASTS.preferencesSuccess);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to update preferences'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Preferences" description="Saved to your FarmSpace account, so they follow you to every device you sign in on.">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pref-language" className="text-sm font-medium text-ink">
            Language
          </label>
          <select id="pref-language" value={values.language} onChange={(e) => setValues({ ...values, language: e.target.value as PreferencesRequest['language'] })} className="rounded-lg border border-line bg-white px-3 py-2 shadow-sm">
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="pref-currency" className="text-sm font-medium text-ink">
            Currency
          </label>
          <select id="pref-currency" value={values.currency} onChange={(e) => setValues({ ...values, currency: e.target.value as PreferencesRequest['currency'] })} className="rounded-lg border border-line bg-white px-3 py-2 shadow-sm">
            {DISPLAY_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted">For display only; listing fees are charged in USD.</p>
        </div>
        <p className="text-xs font-medium text-ink sm:col-span-2">Language and currency are saved for later: FarmSpace does not use them yet.</p>
      </div>
      <div>
        <Toggle label="Public Profile" description="Let other members open your profile page (/people/…) from your listings and conversations. Off: only you can see it." checked={values.publicProfile} onChange={(v) => setValues({ ...values, publicProfile: v })} />
        <Toggle label="Show Contact Info" description="Show your e-mail address to members who contact you." checked={values.showContactInfo} onChange={(v) => setValues({ ...values, showContactInfo: v })} savedForLater />
      </div>
      <div>
        <button type="button" className="btn-primary" onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save Preferences'}
        </button>
      </div>
    </Section>
  );
}
