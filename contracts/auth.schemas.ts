// Accounts and sessions: the request and response shapes of the /api/auth/* calls (spec section 7) and
// their messages (spec sections 5 and 8), defined once for the islands and the API.
import { z } from './zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, USER_TYPES } from './constants';

/** Field messages of spec section 5, plus the few the spec leaves to us (marked). */
export const AUTH_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  profileEmailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  // ours: spec 5 gives only the minimum
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  userTypeInvalid: 'Choose a role: finding space to grow (farmer), listing a space (landlord), or both',
  currentPasswordRequired: 'Current password is required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordWrong: 'Current password is incorrect',
  tokenRequired: 'The link is missing its token',
  // answers of the API (ours)
  invalidCredentials: 'Invalid email or password',
  accountLocked: 'Too many failed sign-in attempts. For your security this account is locked for 15 minutes. Try again later or reset your password.',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  currentPasswordForEmail: 'Enter your current password to change your e-mail address',
  tooManyEmailChanges: 'You have changed your e-mail address too often today. Please try again tomorrow.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password. The link expires in one hour.',
} as const;

/** Toast texts of spec section 8 for the account screens. */
export const AUTH_TOASTS = {
  loginSuccess: { title: 'Welcome back!', description: 'You are now signed in.' },
  loginFailure: { title: 'Login failed', fallback: 'Invalid email or password' },
  registerSuccess: { title: 'Account created successfully!', description: 'Please check your e-mail to verify your account.' },
  registerFailure: { title: 'Registration failed', fallback: 'Failed to create account' },
  profileSuccess: { title: 'Profile Updated', description: 'Your profile has been saved.' },
  profileFailure: { title: 'Update Failed', fallback: 'Failed to update profile' },
  notificationsSuccess: { title: 'Preferences Updated', description: 'Your notification settings have been saved.' },
  notificationsFailure: { title: 'Error', fallback: 'Failed to update preferences' },
  preferencesSuccess: { title: 'Preferences Updated', description: 'Saved to your account: they follow you on every device.' },
  passwordSuccess: { title: 'Password Changed', description: 'Your password has been updated. Other devices have been signed out.' },
  passwordFailure: { title: 'Password Change Failed', fallback: 'Failed to change password' },
  resetSent: { title: 'Check your e-mail', description: AUTH_MESSAGES.resetRequested },
  resetSuccess: { title: 'Password Changed', description: 'Your password has been reset. Please sign in with the new one.' },
  resetFailure: { title: 'Password Reset Failed', fallback: 'Failed to reset password' },
  verifySent: { title: 'Verification e-mail sent', description: 'Please check your e-mail.' },
} as const;

const email = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.email({ error: message }).max(255, { error: message }));
const requiredName = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: 'Must be at most 100 characters' });
/** A new password: length rules only; the common-password check runs on the server (its list is 10,000 entries). */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

export const loginRequestSchema = z.object({
  email: email(AUTH_MESSAGES.emailInvalid),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }).max(1024, { error: AUTH_MESSAGES.invalidCredentials }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  firstName: requiredName(AUTH_MESSAGES.firstNameRequired),
  lastName: requiredName(AUTH_MESSAGES.lastNameRequired),
  email: email(AUTH_MESSAGES.emailInvalid),
  password: newPasswordSchema,
  /** Ours (issue 43, item 13): what the person is here for, asked at sign-up; "both" when not said. */
  userType: z.enum(USER_TYPES, { error: AUTH_MESSAGES.userTypeInvalid }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const profileRequestSchema = z.object({
  firstName: requiredName(AUTH_MESSAGES.firstNameRequired),
  lastName: requiredName(AUTH_MESSAGES.lastNameRequired),
  email: email(AUTH_MESSAGES.profileEmailInvalid),
  userType: z.enum(USER_TYPES).optional(),
  /** Ours (spec 7 sends names, e-mail, type): required by the server only when the e-mail changes. */
  currentPassword: z.string().max(1024, { error: AUTH_MESSAGES.currentPasswordWrong }).optional(),
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

export const notificationsRequestSchema = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  inquiryAlerts: z.boolean(),
  marketingEmails: z.boolean(),
  /** Ours (issue 30): notifications on this person's devices say who wrote, not what. Unchanged when left out. */
  hideMessageText: z.boolean().optional(),
});
export type NotificationsRequest = z.infer<typeof notificationsRequestSchema>;

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const preferencesRequestSchema = z.object({
  language: z.enum(LANGUAGES),
  currency: z.enum(DISPLAY_CURRENCIES),
  publicProfile: z.boolean(),
  showContactInfo: z.boolean(),
});
export type PreferencesRequest = z.infer<typeof preferencesRequestSchema>;
export const DEFAULT_PREFERENCES: PreferencesRequest = { language: 'en', currency: 'USD', publicProfile: true, showContactInfo: false };

/** A new password typed twice; "Passwords don't match" is shown on the confirm field (spec 5). */
function withConfirmation<T extends z.ZodRawShape>(shape: T, passwordKey: 'newPassword' | 'password') {
  return z
    .object({ ...shape, confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPasswordRequired }).min(1, { error: AUTH_MESSAGES.confirmPasswordRequired }) })
    .refine((v) => {
      const values = v as Record<string, unknown>;
      return values[passwordKey] === values.confirmPassword || !values.confirmPassword;
    }, {
      error: AUTH_MESSAGES.passwordsDontMatch,
      path: ['confirmPassword'],
    });
}

export const changePasswordRequestSchema = withConfirmation(
  {
    currentPassword: z.string({ error: AUTH_MESSAGES.currentPasswordRequired }).min(1, { error: AUTH_MESSAGES.currentPasswordRequired }).max(1024),
    newPassword: newPasswordSchema,
  },
  'newPassword',
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: email(AUTH_MESSAGES.emailInvalid) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const tokenSchema = z.string({ error: AUTH_MESSAGES.tokenRequired }).min(16, { error: AUTH_MESSAGES.tokenRequired }).max(200, { error: AUTH_MESSAGES.tokenRequired });

export const resetPasswordRequestSchema = withConfirmation({ token: tokenSchema, password: newPasswordSchema }, 'password');
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: tokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** GET /api/auth/user: the user of spec section 3 without secrets. */
export type CurrentUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  userType: (typeof USER_TYPES)[number];
  verified: boolean;
  emailNotifications: boolean;
  smsNotifications: boolean;
  inquiryAlerts: boolean;
  marketingEmails: boolean;
  /** Push notifications leave message text out (issue 30): nothing of a message on a locked screen. */
  hideMessageText: boolean;
  /** growingSystem: the system picked on /spaces, kept across devices (issue 10). */
  preferences: PreferencesRequest & { growingSystem?: string | null };
  createdAt: string;
  updatedAt: string;
};

/** GET /api/auth/user answers the user object itself (spec 3 and 7 read id, email, firstName… from it). */
export type AuthUserResponse = CurrentUser;
/** POST /api/auth/login, /register and the PATCH settings calls answer { user }. */
export type AuthUserEnvelope = { user: CurrentUser };
export type MessageResponse = { message: string };

export { safeReturnPath } from './auth';
