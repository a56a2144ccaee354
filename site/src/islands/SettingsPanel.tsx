// /settings (spec 2.11): left tabs — Profile, Notifications, Security (change password), Preferences (kept
// in the account: users.preferences) and Billing — from one tab table, deep-linkable with ?tab= as the
// dashboard's (tab-table.ts).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import {
  AUTH_MESSAGES,
  AUTH_TOASTS,
  changePasswordRequestSchema,
  DISPLAY_CURRENCIES,
  LANGUAGES,
  profileRequestSchema,
  type AuthUserEnvelope,
  type CurrentUser,
  type PreferencesRequest,
} from '#contracts/auth.schemas';
import { USER_TYPES } from '#contracts/constants';
import { apiFetch, ApiRequestError, errorMessage } from '../lib/api-client';
import { showToast } from '../lib/toast-store';
import { $user, loadUser, refreshUser, setCurrentUser } from '../lib/user-store';
import { FormField, PasswordField } from './FormField';
import { useForm } from './use-form';
import { HydrationGate } from './HydrationGate';
import { BillingTab } from './settings/BillingTab';
import { useTabAddress, type TabEntry } from './tab-table';

/** The tabs, in order. A new tab is one more entry. */
const TABS: TabEntry<{ user: CurrentUser }>[] = [
  { value: 'profile', label: 'Profile', render: ({ user }) => <ProfileTab user={user} /> },
  { value: 'notifications', label: 'Notifications', render: ({ user }) => <NotificationsTab user={user} /> },
  { value: 'security', label: 'Security', render: () => <SecurityTab /> },
  { value: 'preferences', label: 'Preferences', render: ({ user }) => <PreferencesTab user={user} /> },
  { value: 'billing', label: 'Billing', render: () => <BillingTab /> },
];

const USER_TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = { landlord: 'Space Owner', farmer: 'Urban Farmer', both: 'Both' };
const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Español', fr: 'Français' };

export default function SettingsPanel() {
  const state = useStore($user);
  const [tab, setTab] = useTabAddress(TABS);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    void loadUser().then((s) => {
      if (s.status === 'anonymous') window.location.assign('/login?next=%2Fsettings');
    });
  }, []);

  if (state.status !== 'signed-in') {
    return (
      <div className="card p-8" role="status">
        <div className="h-6 w-40 animate-pulse rounded bg-brand-100" />
        <div className="mt-6 h-10 w-full animate-pulse rounded bg-brand-50" />
        <span className="sr-only">Loading your settings…</span>
      </div>
    );
  }

  function onTabKey(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.value === tab);
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.value;
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
      <div role="tablist" aria-label="Settings" aria-orientation="vertical" className="flex gap-1 overflow-x-auto md:flex-col" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.value}
            ref={(el) => {
              tabRefs.current[t.value] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`panel-${t.value}`}
            tabIndex={tab === t.value ? 0 : -1}
            onClick={() => setTab(t.value)}
            className={`shrink-0 rounded-lg px-4 py-2 text-left text-sm font-medium transition-colors ${tab === t.value ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="card p-6 sm:p-8">
        {TABS.find((t) => t.value === tab)!.render({ user: state.user })}
      </div>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h2 className="text-xl font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </header>
      {children}
    </section>
  );
}

function ProfileTab({ user }: { user: CurrentUser }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(profileRequestSchema, { firstName: user.firstName, lastName: user.lastName, email: user.email, userType: user.userType, currentPassword: '' });
  // A new address takes the current password (the API refuses it without): the field appears when needed.
  const emailChanging = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [resending, setResending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    if (emailChanging && !form.values.currentPassword) {
      form.setErrors({ currentPassword: AUTH_MESSAGES.currentPasswordForEmail });
      formRef.current?.querySelector<HTMLElement>('[name="currentPassword"]')?.focus();
      return;
    }
    form.setBusy(true);
    try {
      const { currentPassword, ...profile } = form.values;
      const body = emailChanging ? { ...profile, currentPassword } : profile;
      const { user: updated } = await apiFetch<AuthUserEnvelope>('/api/auth/profile', { method: 'PATCH', body });
      form.set('currentPassword', '');
      setCurrentUser(updated);
      void refreshUser();
      showToast(updated.email !== user.email ? { title: AUTH_TOASTS.profileSuccess.title, description: 'Please check your e-mail to verify your new address.' } : AUTH_TOASTS.profileSuccess);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.profileFailure.title, description: errorMessage(error, AUTH_TOASTS.profileFailure.fallback), variant: 'destructive' });
    } finally {
      form.setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await apiFetch('/api/auth/send-verification', { method: 'POST' });
      showToast(AUTH_TOASTS.verifySent);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to send the verification e-mail'), variant: 'destructive' });
    } finally {
      setResending(false);
    }
  }

  return (
    <Section title="Profile" description="Your name and e-mail address as other FarmSpace members see them.">
      {!user.verified && (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Your e-mail address is not verified yet. Check your inbox for the link.</p>
          <button type="button" className="btn-outline shrink-0" onClick={resend} disabled={resending}>
            {resending ? 'Sending…' : 'Resend e-mail'}
          </button>
        </div>
      )}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <HydrationGate>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" name="firstName" autoComplete="given-name" value={form.values.firstName} error={form.errors.firstName} onValueChange={(v) => form.set('firstName', v)} />
          <FormField label="Last name" name="lastName" autoComplete="family-name" value={form.values.lastName} error={form.errors.lastName} onValueChange={(v) => form.set('lastName', v)} />
        </div>
        <FormField label="Email" name="email" type="email" autoComplete="email" value={form.values.email} error={form.errors.email} onValueChange={(v) => form.set('email', v)} />
        {emailChanging && (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            hint="To change your e-mail address, confirm it is you. We will tell your current address about the change."
            value={form.values.currentPassword ?? ''}
            error={form.errors.currentPassword}
            onValueChange={(v) => form.set('currentPassword', v)}
          />
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="settings-user-type" className="text-sm font-medium text-ink">
            Account Type
          </label>
          <select
            id="settings-user-type"
            name="userType"
            value={form.values.userType}
            onChange={(e) => form.set('userType', e.target.value as CurrentUser['userType'])}
            className="w-full rounded-lg border border-line bg-white px-3 py-2 text-base shadow-sm"
          >
            {USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {USER_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
        </HydrationGate>
      </form>
    </Section>
  );
}

/** Shown under settings that are stored but that nothing reads yet (docs/accounts.md: "Settings saved for later"). */
const SAVED_FOR_LATER = 'Saved for later: FarmSpace does not use this setting yet.';

function Toggle({ label, description, checked, onChange, savedForLater = false }: { label: string; description: string; checked: boolean; onChange(value: boolean): void; savedForLater?: boolean }) {
  // useId, not the label: ids with spaces break aria-labelledby (it is a list of ids).
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 border-b border-line py-4 last:border-b-0">
      <div>
        <p className="font-medium text-ink" id={`${id}-label`}>
          {label}
        </p>
        <p className="text-sm text-muted" id={`${id}-description`}>
          {description}
          {savedForLater && <span className="mt-1 block text-xs font-medium text-ink">{SAVED_FOR_LATER}</span>}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onClick={() => onChange(!checked)}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-gray-300'}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}

function NotificationsTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState({ emailNotifications: user.emailNotifications, smsNotifications: user.smsNotifications, marketingEmails: user.marketingEmails });
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      // Inquiry alerts follow the e-mail setting (spec 9).
      const { user: updated } = await apiFetch<AuthUserEnvelope>('/api/auth/notifications', { method: 'PATCH', body: { ...values, inquiryAlerts: values.emailNotifications } });
      setCurrentUser(updated);
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
      </div>
      <div>
        <button type="button" className="btn-primary" onClick={save} disabled={busy}>
          {busy ? 'Saving…' : 'Save Notification Settings'}
        </button>
      </div>
    </Section>
  );
}

function SecurityTab() {
  const formRef = useRef<HTMLFormElement>(null);
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm(changePasswordRequestSchema, empty);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!form.validate(formRef.current)) return;
    form.setBusy(true);
    try {
      await apiFetch('/api/auth/change-password', { body: form.values });
      form.reset(empty);
      showToast(AUTH_TOASTS.passwordSuccess);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) form.setErrors(error.fieldErrors);
      showToast({ title: AUTH_TOASTS.passwordFailure.title, description: errorMessage(error, AUTH_TOASTS.passwordFailure.fallback), variant: 'destructive' });
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <Section title="Security" description="Change your password. Every other device signed in to your account will be signed out.">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-5">
        <HydrationGate>
        <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" value={form.values.currentPassword} error={form.errors.currentPassword} onValueChange={(v) => form.set('currentPassword', v)} />
        <PasswordField label="New password" name="newPassword" autoComplete="new-password" value={form.values.newPassword} error={form.errors.newPassword} onValueChange={(v) => form.set('newPassword', v)} />
        <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" value={form.values.confirmPassword} error={form.errors.confirmPassword} onValueChange={(v) => form.set('confirmPassword', v)} />
        <div>
          <button type="submit" className="btn-primary" disabled={form.busy}>
            {form.busy ? 'Changing…' : 'Change Password'}
          </button>
        </div>
        </HydrationGate>
      </form>
    </Section>
  );
}

function PreferencesTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<PreferencesRequest>(user.preferences);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const { user: updated } = await apiFetch<AuthUserEnvelope>('/api/auth/preferences', { method: 'PATCH', body: values });
      setCurrentUser(updated);
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
        <Toggle label="Public Profile" description="Let other members see your name on your listings." checked={values.publicProfile} onChange={(v) => setValues({ ...values, publicProfile: v })} savedForLater />
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
