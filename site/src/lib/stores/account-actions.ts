// The account's own writes as actions (decision 1311): signing in and up, the password reset, the
// verification link, the settings tabs. Each that answers a user stores it in $user (user-store.ts). Apart from the store so that pages which only show the user (every
// page's nav bar) do not load them.
import type { CloseAccountRequest } from '#contracts/account-data.schemas';
import type {
  AuthUserEnvelope,
  ChangePasswordRequest,
  CurrentUser,
  ForgotPasswordRequest,
  LoginRequest,
  NotificationsRequest,
  PreferencesRequest,
  ProfileRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '#contracts/auth.schemas';
import { apiFetch } from '../api/api-client';
import { forgetNewAccount, markNewAccount } from './new-account';
import { $user, refreshUser, setCurrentUser } from './user-store';

/** /login: this tab greets "Welcome back" from now on (new-account.ts). */
export async function logIn(credentials: LoginRequest): Promise<CurrentUser> {
  const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/login', { body: credentials });
  setCurrentUser(user);
  forgetNewAccount();
  return user;
}

/** /register: signed in at once; this tab greets "Welcome" until the next sign-in. */
export async function register(account: RegisterRequest): Promise<CurrentUser> {
  const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/register', { body: account });
  setCurrentUser(user);
  markNewAccount(user.id);
  return user;
}

/** /forgot-password: the API answers the same whether or not the address has an account. */
export async function requestPasswordReset(request: ForgotPasswordRequest): Promise<void> {
  await apiFetch('/api/auth/forgot-password', { body: request });
}

/** /reset-password with the e-mailed token. */
export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiFetch('/api/auth/reset-password', { body: request });
}

/** /verify-email: confirms the address with the e-mailed token, then reads the user again (now verified). */
export async function verifyEmail(token: string): Promise<void> {
  await apiFetch('/api/auth/verify-email', { body: { token } });
  void refreshUser();
}

/** Settings → Profile. A new e-mail address comes back unverified; the user is read again beside it. */
export async function updateProfile(profile: ProfileRequest): Promise<CurrentUser> {
  const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/profile', { method: 'PATCH', body: profile });
  setCurrentUser(user);
  void refreshUser();
  return user;
}

/** Settings → Notifications; inquiry alerts follow the e-mail setting (spec 9). */
export async function updateNotifications(values: Omit<NotificationsRequest, 'inquiryAlerts'>): Promise<void> {
  const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/notifications', { method: 'PATCH', body: { ...values, inquiryAlerts: values.emailNotifications } });
  setCurrentUser(user);
}

/** Settings → Preferences, kept in the account. */
export async function updatePreferences(values: PreferencesRequest): Promise<void> {
  const { user } = await apiFetch<AuthUserEnvelope>('/api/auth/preferences', { method: 'PATCH', body: values });
  setCurrentUser(user);
}

/** Settings → Security: every other device signed in to the account is signed out. */
export async function changePassword(values: ChangePasswordRequest): Promise<void> {
  await apiFetch('/api/auth/change-password', { body: values });
}

/** Sends the verification link again (settings, and the contact dialog of an unverified account). */
export async function sendVerificationEmail(): Promise<void> {
  await apiFetch('/api/auth/send-verification', { method: 'POST' });
}

/**
 * Settings → Security → Close account. The server ends every session and clears the cookies; here the
 * page forgets the user at once, so nothing on it still shows them signed in while it leaves.
 */
export async function closeAccount(values: CloseAccountRequest): Promise<void> {
  await apiFetch('/api/account', { method: 'DELETE', body: values });
  $user.set({ status: 'anonymous' });
}
