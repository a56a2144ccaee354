// The spec's account calls (section 7) plus what the account pages need. Thin: parse with the contract,
// apply the per-IP limits, call the service, forward better-auth's cookies. better-auth itself stays
// under AUTH_BASE_PATH; see docs/decisions/0100-spec-auth-calls-wrap-better-auth.md.
import { Router, type Request, type Response } from 'express';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  notificationsRequestSchema,
  preferencesRequestSchema,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
  AUTH_MESSAGES,
  type AuthUserResponse,
} from '#contracts/auth.schemas';
import { growingSystemRequestSchema } from '#contracts/growing.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { MINUTE, HOUR } from '../../lib/clock';
import { rateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { currentUser, requireUser } from '../../lib/session';
import { parseInput } from '../../lib/validate';
import { authHeaders, forwardSetCookie } from './better-auth-bridge';
import { changePassword } from './change-password';
import { registerAccount } from './register';
import { requestPasswordReset, resetPassword } from './password-reset';
import { requestMeta } from './security-events';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { setGrowingSystem, updateNotifications, updatePreferences } from './update-settings';
import { updateProfile } from './update-profile';
import { findUserById, toCurrentUser } from './user-record';
import { resendVerification, verifyEmail } from './verify-email';

/** Per client address. Generous enough for an office behind one NAT, tight enough to make guessing slow. */
export const AUTH_RATE_LIMITS = {
  signIn: { endpoint: 'sign-in', max: 30, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from your network. Please try again later.' },
  register: { endpoint: 'register', max: 10, windowMs: HOUR, message: 'Too many accounts created from your network. Please try again later.' },
  forgotPassword: { endpoint: 'forgot-password', max: 10, windowMs: HOUR, message: 'Too many password reset requests. Please try again later.' },
  resetPassword: { endpoint: 'reset-password', max: 20, windowMs: HOUR },
  changePassword: { endpoint: 'change-password', max: 10, windowMs: 15 * MINUTE, message: 'Too many password change attempts. Please try again later.' },
  sendVerification: { endpoint: 'send-verification', max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export function createAuthRouter(ctx: AppContext): Router {
  const router = Router();
  const limit = (rule: RateLimitRule) => rateLimit(ctx, rule);

  router.get('/auth/user', requireUser, async (req, res) => {
    const user = await findUserById(ctx.db, currentUser(req).id);
    if (!user) throw AppError.unauthorized();
    // The user object itself, not wrapped (spec 3 and 7; docs/decisions/0601).
    res.json(toCurrentUser(user) satisfies AuthUserResponse);
  });

  router.post('/auth/login', limit(AUTH_RATE_LIMITS.signIn), async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    const { user, responseHeaders } = await signIn(ctx, input, requestMeta(req), authHeaders(req));
    forwardSetCookie(res, responseHeaders);
    res.json({ user });
  });

  router.post('/auth/register', limit(AUTH_RATE_LIMITS.register), async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    const { user, responseHeaders } = await registerAccount(ctx, input, requestMeta(req), authHeaders(req));
    forwardSetCookie(res, responseHeaders);
    res.status(201).json({ user });
  });

  router.post('/auth/logout', async (req, res) => {
    forwardSetCookie(res, await signOut(ctx, authHeaders(req)));
    res.json({ message: 'Signed out.' });
  });

  router.patch('/auth/profile', requireUser, async (req, res) => {
    const input = parseInput(profileRequestSchema, req.body);
    res.json({ user: await updateProfile(ctx, currentUser(req).id, input) });
  });

  router.patch('/auth/notifications', requireUser, async (req, res) => {
    const input = parseInput(notificationsRequestSchema, req.body);
    res.json({ user: await updateNotifications(ctx, currentUser(req).id, input) });
  });

  router.patch('/auth/preferences', requireUser, async (req, res) => {
    const input = parseInput(preferencesRequestSchema, req.body);
    res.json({ user: await updatePreferences(ctx, currentUser(req).id, input) });
  });

  // Kept beside the other preferences; /api/growing-system is issue 10's path, so it stays.
  router.put('/growing-system', requireUser, async (req, res) => {
    const { system } = parseInput(growingSystemRequestSchema, req.body ?? {});
    res.json({ user: await setGrowingSystem(ctx, currentUser(req).id, system) });
  });

  router.post('/auth/change-password', requireUser, limit(AUTH_RATE_LIMITS.changePassword), async (req, res) => {
    const input = parseInput(changePasswordRequestSchema, req.body);
    forwardSetCookie(res, await changePassword(ctx, currentUser(req).id, input, authHeaders(req)));
    res.json({ message: 'Password changed. Other devices have been signed out.' });
  });

  router.post('/auth/forgot-password', limit(AUTH_RATE_LIMITS.forgotPassword), async (req, res) => {
    await requestPasswordReset(ctx, parseInput(forgotPasswordRequestSchema, req.body));
    res.json({ message: AUTH_MESSAGES.resetRequested });
  });

  router.post('/auth/reset-password', limit(AUTH_RATE_LIMITS.resetPassword), async (req, res) => {
    await resetPassword(ctx, parseInput(resetPasswordRequestSchema, req.body));
    res.json({ message: 'Your password has been reset. Please sign in.' });
  });

  router.post('/auth/verify-email', async (req, res) => {
    await verifyEmail(ctx, parseInput(verifyEmailRequestSchema, req.body));
    res.json({ message: 'Your e-mail address is verified.' });
  });

  router.post('/auth/send-verification', requireUser, limit(AUTH_RATE_LIMITS.sendVerification), async (req, res) => {
    await resendVerification(ctx, currentUser(req).id);
    res.json({ message: 'Verification e-mail sent.' });
  });

  // Plain links of spec 2.1/2.2.
  router.get('/login', (_req, res) => res.redirect(302, '/login'));
  router.get('/logout', async (req: Request, res: Response) => {
    // A link on another site must not sign our user out: only same-site (or typed) navigations do.
    const site = req.headers['sec-fetch-site'];
    if (site !== 'cross-site') forwardSetCookie(res, await signOut(ctx, authHeaders(req)));
    res.redirect(302, '/');
  });

  return router;
}
