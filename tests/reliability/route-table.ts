// THE ROUTE TABLE: one entry per route the Express app serves. The standing suite reads the app's own
// routes (route-inventory.ts) and fails for any route without an entry here, then drives every entry
// through the cross-site, access-matrix, fuzzing and header tests. Adding a route = adding one entry.
//
//   method   as mounted ('ALL' for app.all)          path    the Express path, exactly as the inventory prints it
//   writes   changes state: must refuse cross-site   access  who may call it (see ACCESS below)
//   params   sample values for :params (may create the resource, as `s.owner`)
//   body     a valid sample body (the owner's 2xx call); omit for no body
//   ok       the owner's expected status, when not 200/201/204 (e.g. a redirect)
//   fuzz     'body' | 'query' | 'none': what the fuzzer generates (default: body for writes, query for GET)
//   secret   fields whose values must never appear in a log line (passwords, tokens)
//   caller   who calls it: 'browser' (default; CSRF-guarded), 'mail-link' (a token in the URL authorizes it,
//            CSRF-exempt: mail clients POST it with no Origin), 'server' (a signed server-to-server call,
//            CSRF-exempt: must refuse a bad signature with 400 and write nothing — routes.test.ts)
//   query    a query string for the call (e.g. the mail link's token)
import { GROWING_SYSTEM_IDS } from '#contracts/growing';
import { conversations, emailNotifications, leaseProposals, messages, pushSubscriptions, reviews } from '#db/schema/index';
import { insertBlogPost } from '../fixtures/blog-posts';
import { photoForm } from '../fixtures/photos';
import { validSpaceBody, type SpaceInsert } from '../fixtures/spaces';
import type { TestApp } from '../fixtures/test-app';
import type { TestUser } from '../fixtures/users';

/**
 * public     anyone: visitor, stranger and owner get `ok` (default 2xx)
 * signed-in  visitor 401; any signed-in user 2xx (acts on their own account)
 * owner      visitor 401; a signed-in stranger 404 (never 200, never their data); the owner 2xx
 * owner-read visitor 404 and stranger 404 (the resource is invisible, e.g. a draft); the owner 200
 * operator   visitor 404 and any signed-in non-operator 404, exactly as an unknown route; the scenario's
 *            operator (OPERATOR_EMAILS, verified) 2xx. The matrices call it "owner" in that column.
 */
export type Access = 'public' | 'signed-in' | 'owner' | 'owner-read' | 'operator';

export type Scenario = {
  t: TestApp;
  /** Signed in; owns every resource the params create. */
  owner: TestUser;
  /** Signed in; owns nothing of the owner's. */
  stranger: TestUser;
  /** A third user: owns the published listings the owner (as a farmer) has contacted. */
  third: TestUser;
  /** The suite app's operator (its address is in OPERATOR_EMAILS, verified): calls the 'operator' routes. */
  operator: TestUser;
  /** A draft listing of `user` (invisible to others); returns its id. */
  draftSpace(user: TestUser): Promise<number>;
  /** A published listing of `user` (with column overrides); returns its id. */
  publishedSpace(user: TestUser, overrides?: Partial<SpaceInsert>): Promise<number>;
  /** A fresh user (not signed in by the suite), optionally suspended or locked out. */
  newUser(state?: { suspended?: boolean; locked?: boolean }): Promise<{ id: number }>;
  /** An open report by `reporter` about a listing of the third user; its id. */
  report(reporter: TestUser): Promise<number>;
  /** A coupon; its id. */
  coupon(): Promise<number>;
  /** A conversation `farmer` opened about a published listing of the third user (one message); its id. */
  conversation(farmer: TestUser): Promise<number>;
  /** A succeeded payment (receipt) of `user`; its id. */
  payment(user: TestUser): Promise<number>;
  /** An open payment intent for a draft of `user`, through the API (the test-mode provider). */
  paymentIntent(user: TestUser): Promise<{ paymentIntentId: string; clientSecret: string }>;
  /** A saved search of `user`: its id and its unsubscribe token. */
  savedSearch(user: TestUser): Promise<{ id: number; token: string }>;
};

export type RouteEntry = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';
  path: string;
  writes: boolean;
  access: Access;
  /** For 'ALL' routes: the concrete calls the matrices make (better-auth's handler). */
  as?: { method: 'GET' | 'POST'; path: string };
  params?: (s: Scenario) => Promise<Record<string, string>> | Record<string, string>;
  body?: (s: Scenario) => unknown;
  query?: (s: Scenario) => Promise<string>;
  caller?: 'browser' | 'mail-link' | 'server';
  ok?: number;
  fuzz?: 'body' | 'query' | 'none';
  secret?: string[];
  /** The call signs the owner out (or otherwise spends the scenario): the matrices give it fresh users. */
  fresh?: boolean;
  /** Served only outside production with the development mailbox (the test app has it). */
  devOnly?: boolean;
};

const strongPassword = 'Fresh-Reliability-Pass-77';
/** A browser's subscription keys (RFC 8291's example): the routes store them, nothing is sent. */
const PUSH_KEYS = { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' };

export const ROUTES: RouteEntry[] = [
  // ---- health, links ---------------------------------------------------------------------------
  { method: 'GET', path: '/api/health', writes: false, access: 'public' },
  { method: 'GET', path: '/api/ready', writes: false, access: 'public' },
  { method: 'GET', path: '/api/login', writes: false, access: 'public', ok: 302 },
  { method: 'GET', path: '/api/logout', writes: false, access: 'public', ok: 302, fresh: true },

  // ---- accounts (spec 7) -----------------------------------------------------------------------
  { method: 'GET', path: '/api/auth/user', writes: false, access: 'signed-in' },
  {
    method: 'POST', path: '/api/auth/login', writes: true, access: 'public', secret: ['password'],
    body: (s) => ({ email: s.owner.email, password: s.owner.password }),
  },
  {
    method: 'POST', path: '/api/auth/register', writes: true, access: 'public', ok: 201, secret: ['password'],
    body: () => ({ firstName: 'Route', lastName: 'Table', email: `route-${Math.random().toString(36).slice(2)}@example.com`, password: strongPassword }),
  },
  { method: 'POST', path: '/api/auth/logout', writes: true, access: 'public', fresh: true },
  {
    method: 'PATCH', path: '/api/auth/profile', writes: true, access: 'signed-in', fresh: true,
    body: (s) => ({ firstName: 'Renamed', lastName: s.owner.lastName, email: s.owner.email, userType: 'farmer' }),
  },
  {
    method: 'PATCH', path: '/api/auth/notifications', writes: true, access: 'signed-in',
    body: () => ({ emailNotifications: false, smsNotifications: false, inquiryAlerts: false, marketingEmails: true }),
  },
  {
    method: 'PATCH', path: '/api/auth/preferences', writes: true, access: 'signed-in',
    body: () => ({ language: 'fr', currency: 'EUR', publicProfile: false, showContactInfo: false }),
  },
  {
    method: 'POST', path: '/api/auth/change-password', writes: true, access: 'signed-in', fresh: true, secret: ['currentPassword', 'newPassword', 'confirmPassword'],
    body: (s) => ({ currentPassword: s.owner.password, newPassword: strongPassword, confirmPassword: strongPassword }),
  },
  // A person's own data (issue 28): the export, and closing the account (which ends every session: fresh users).
  { method: 'GET', path: '/api/account/export', writes: false, access: 'signed-in' },
  { method: 'DELETE', path: '/api/account', writes: true, access: 'signed-in', fresh: true, secret: ['password'], body: (s) => ({ password: s.owner.password }) },
  // Public profiles (issue 28): anyone reads one; the person reads and edits their own.
  // Fresh people: the shared owner's preferences are changed by other entries (Public Profile off → 404).
  { method: 'GET', path: '/api/users/:id/profile', writes: false, access: 'public', fresh: true, params: (s) => ({ id: String(s.owner.id) }) },
  { method: 'GET', path: '/api/profile', writes: false, access: 'signed-in' },
  {
    method: 'PUT', path: '/api/profile', writes: true, access: 'signed-in',
    body: () => ({ about: 'I grow greens on a rooftop.', crops: 'Basil, lettuce', growingSystems: [GROWING_SYSTEM_IDS[0]], experienceYears: 3, website: 'https://example.com/farm' }),
  },
  { method: 'POST', path: '/api/profile/avatar', writes: true, access: 'signed-in', body: () => photoForm() },
  { method: 'DELETE', path: '/api/profile/avatar', writes: true, access: 'signed-in', ok: 204 },
  { method: 'POST', path: '/api/auth/forgot-password', writes: true, access: 'public', body: (s) => ({ email: s.owner.email }) },
  // A token nobody was sent: 400 for everyone (the route's own test covers the valid token).
  {
    method: 'POST', path: '/api/auth/reset-password', writes: true, access: 'public', ok: 400, secret: ['token', 'password', 'confirmPassword'],
    body: () => ({ token: 'a'.repeat(40), password: strongPassword, confirmPassword: strongPassword }),
  },
  { method: 'POST', path: '/api/auth/verify-email', writes: true, access: 'public', ok: 400, secret: ['token'], body: () => ({ token: 'b'.repeat(40) }) },
  { method: 'POST', path: '/api/auth/send-verification', writes: true, access: 'signed-in' },
  // better-auth's own handler: signing out and revoking only (AUTH_HTTP_PATHS); reading sessions is closed (404).
  { method: 'ALL', path: '/api/auth/ba/*splat', writes: false, access: 'public', ok: 404, as: { method: 'GET', path: '/api/auth/ba/get-session' }, fuzz: 'none' },
  { method: 'ALL', path: '/api/auth/ba/*splat', writes: true, access: 'signed-in', as: { method: 'POST', path: '/api/auth/ba/revoke-other-sessions' }, body: () => ({}) },

  // ---- blog ------------------------------------------------------------------------------------
  { method: 'GET', path: '/api/blog', writes: false, access: 'public' },
  { method: 'GET', path: '/api/blog/:slug', writes: false, access: 'public', params: async (s) => ({ slug: (await insertBlogPost(s.t.db)).slug }) },

  // ---- places (issue 18): the location box's autocomplete ------------------------------------
  { method: 'GET', path: '/api/places', writes: false, access: 'public', query: async () => 'q=ber' },
  { method: 'GET', path: '/api/places/map', writes: false, access: 'public' },
  // ---- spaces (spec 7) -------------------------------------------------------------------------
  { method: 'GET', path: '/api/spaces', writes: false, access: 'public' },
  { method: 'GET', path: '/api/spaces/my', writes: false, access: 'signed-in' },
  { method: 'GET', path: '/api/spaces/:id', writes: false, access: 'owner-read', params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }) },
  { method: 'POST', path: '/api/spaces', writes: true, access: 'signed-in', ok: 201, body: () => validSpaceBody() },
  {
    method: 'PATCH', path: '/api/spaces/:id', writes: true, access: 'owner',
    params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }),
    body: () => ({ title: 'Renamed by the owner' }),
  },
  { method: 'DELETE', path: '/api/spaces/:id', writes: true, access: 'owner', ok: 204, params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }) },

  // ---- photos (issue 17): owner only, drafts and live listings alike -----------------------------
  {
    method: 'POST', path: '/api/spaces/:id/photos', writes: true, access: 'owner', ok: 201,
    params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }),
    body: () => photoForm(),
  },
  {
    // A draft without photos: the empty order is then the whole order.
    method: 'PATCH', path: '/api/spaces/:id/photos', writes: true, access: 'owner',
    params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }),
    body: () => ({ order: [] }),
  },
  {
    method: 'PATCH', path: '/api/spaces/:id/photos/:photoId', writes: true, access: 'owner',
    params: async (s) => withPhoto(s),
    body: () => ({ alt: 'The roof seen from the stairs' }),
  },
  { method: 'DELETE', path: '/api/spaces/:id/photos/:photoId', writes: true, access: 'owner', ok: 204, params: async (s) => withPhoto(s) },
  { method: 'GET', path: '/media/photos/:name', writes: false, access: 'public', params: async (s) => ({ name: await photoFileName(s) }) },

  // ---- development mailbox (not in production) -------------------------------------------------
  { method: 'GET', path: '/api/dev/mail', writes: false, access: 'public', devOnly: true },
  { method: 'GET', path: '/dev/mail', writes: false, access: 'public', devOnly: true },

  // ---- messaging (spec 7): the owner is the farmer of a conversation about a third user's listing -
  {
    method: 'POST', path: '/api/conversations', writes: true, access: 'signed-in', ok: 201,
    body: async (s) => ({ spaceId: await s.publishedSpace(s.third), content: `Is the space free from May? ${Math.random()}`, farmerName: 'Route Farmer' }),
  },
  { method: 'GET', path: '/api/conversations', writes: false, access: 'signed-in' },
  { method: 'GET', path: '/api/conversations/unread-count', writes: false, access: 'signed-in' },
  { method: 'GET', path: '/api/conversations/lookup', writes: false, access: 'signed-in', query: async () => 'spaceIds=1,2,3' },
  { method: 'GET', path: '/api/conversations/:id/messages', writes: false, access: 'owner', params: async (s) => ({ id: String(await s.conversation(s.owner)) }) },
  // The read mark (issue 38 item 12), in a conversation about the owner's own listing: another conversation as the
  // farmer would count against the unverified owner's two first contacts (POST /api/conversations above).
  { method: 'POST', path: '/api/conversations/:id/read', writes: true, access: 'owner', ok: 204, fuzz: 'none', params: async (s) => ({ id: String(await ownersListingConversation(s)) }) },
  {
    method: 'POST', path: '/api/conversations/:id/messages', writes: true, access: 'owner', ok: 201,
    params: async (s) => ({ id: String(await s.conversation(s.owner)) }),
    body: () => ({ content: `A follow-up question ${Math.random()}` }),
  },
  // ---- lease proposals (issue 20): in a conversation about the owner's listing with the third user -
  { method: 'GET', path: '/api/conversations/:id/proposals', writes: false, access: 'owner', params: async (s) => ({ id: String(await ownersListingConversation(s)) }) },
  {
    method: 'POST', path: '/api/conversations/:id/proposals', writes: true, access: 'owner', ok: 201,
    params: async (s) => ({ id: String(await ownersListingConversation(s)) }),
    body: () => ({ rent: '950.00', startDate: '2099-01-01', termMonths: 12, depositMonths: 1, utilitiesPaidBy: 'tenant', notes: 'Route table terms' }),
  },
  // The third user (the farmer) proposed: the owner (the listing's owner) may accept or decline.
  { method: 'POST', path: '/api/proposals/:id/accept', writes: true, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third')) }), body: () => ({}) },
  { method: 'POST', path: '/api/proposals/:id/decline', writes: true, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third')) }), body: () => ({ reason: 'Too far from the market' }) },
  { method: 'POST', path: '/api/proposals/:id/withdraw', writes: true, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'owner')) }), body: () => ({}) },
  { method: 'GET', path: '/api/proposals/:id/agreement.pdf', writes: false, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third', 'accepted')) }) },
  { method: 'GET', path: '/api/proposals/:id/agreement.txt', writes: false, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third', 'accepted')) }) },
  // Reviews after an agreed lease (issue 28): the parties of accepted terms; a published review of the owner.
  { method: 'GET', path: '/api/proposals/:id/reviews', writes: false, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third', 'accepted')) }) },
  {
    method: 'POST', path: '/api/proposals/:id/reviews', writes: true, access: 'owner', params: async (s) => ({ id: String(await proposal(s, 'third', 'accepted')) }),
    body: () => ({ rating: 5, text: 'Clear terms and a space exactly as listed.' }),
  },
  { method: 'POST', path: '/api/reviews/:id/reply', writes: true, access: 'owner', params: async (s) => ({ id: String(await reviewOfOwner(s)) }), body: () => ({ text: 'Thank you, it was a pleasure.' }) },
  // Fresh people, as for the profile: a private profile's reviews are 404 too (issue 38, item 9).
  { method: 'GET', path: '/api/users/:id/reviews', writes: false, access: 'public', fresh: true, params: async (s) => ({ id: String(s.owner.id) }) },
  { method: 'GET', path: '/api/inquiries/farmer', writes: false, access: 'signed-in' },
  { method: 'GET', path: '/api/inquiries/owner', writes: false, access: 'signed-in' },

  // ---- payments (spec 7; the suite app runs the offline test-mode provider) ----------------------
  { method: 'POST', path: '/api/validate-coupon', writes: true, access: 'signed-in', body: () => ({ couponCode: 'NOT-A-COUPON' }) },
  {
    method: 'POST', path: '/api/create-payment-intent', writes: true, access: 'owner',
    body: async (s) => ({ spaceId: await s.draftSpace(s.owner), paymentType: 'listing_fee', currency: 'USD' }),
  },
  { method: 'POST', path: '/api/payments/status', writes: true, access: 'owner', body: async (s) => ({ paymentIntentId: (await s.paymentIntent(s.owner)).paymentIntentId }) },
  {
    method: 'POST', path: '/api/payments/test-confirm', writes: true, access: 'owner', secret: ['clientSecret', 'cardNumber', 'cvc'],
    body: async (s) => ({ ...(await s.paymentIntent(s.owner)), cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
  },
  { method: 'GET', path: '/api/payments', writes: false, access: 'signed-in' },
  { method: 'GET', path: '/api/payments/:id', writes: false, access: 'owner', params: async (s) => ({ id: String(await s.payment(s.owner)) }) },
  // Stripe's servers call it: exempt from the CSRF guard, authorized by its signature (routes.test.ts
  // drives it on an app with a Stripe provider: a bad or missing signature → 400, nothing written).
  { method: 'POST', path: '/api/webhooks/stripe', writes: true, access: 'public', caller: 'server', fuzz: 'none', body: () => ({ id: 'evt_forged', type: 'payment_intent.succeeded' }) },

  // ---- growing: saved searches and the growing system ----------------------------------------------
  { method: 'GET', path: '/api/saved-searches', writes: false, access: 'signed-in' },
  { method: 'POST', path: '/api/saved-searches', writes: true, access: 'signed-in', ok: 201, body: () => ({ name: 'Rooftops in Portland', query: 'city=Portland&spaceType=rooftop' }) },
  {
    method: 'PATCH', path: '/api/saved-searches/:id', writes: true, access: 'owner',
    params: async (s) => ({ id: String((await s.savedSearch(s.owner)).id) }),
    body: () => ({ name: 'Renamed search' }),
  },
  { method: 'DELETE', path: '/api/saved-searches/:id', writes: true, access: 'owner', ok: 204, params: async (s) => ({ id: String((await s.savedSearch(s.owner)).id) }) },
  // One-click unsubscribe from the alert e-mail: the token is the authority (no sign-in, no Origin).
  { method: 'GET', path: '/api/saved-searches/unsubscribe', writes: false, access: 'public', caller: 'mail-link', query: async (s) => `token=${(await s.savedSearch(s.owner)).token}` },
  { method: 'POST', path: '/api/saved-searches/unsubscribe', writes: true, access: 'public', caller: 'mail-link', query: async (s) => `token=${(await s.savedSearch(s.owner)).token}` },
  { method: 'PUT', path: '/api/growing-system', writes: true, access: 'signed-in', body: () => ({ system: GROWING_SYSTEM_IDS[0] }) },
  // ---- demand before you list (issue 29): public, rate-limited per address, aggregates only --------
  { method: 'GET', path: '/api/demand', writes: false, access: 'public', query: async () => 'city=Portland&spaceType=rooftop&size=1000&pricePerMonth=1500&water=tap' },
  { method: 'GET', path: '/api/demand/widen-search', writes: false, access: 'public', query: async () => 'spaceType=rooftop&maxPrice=1500&radiusKm=10&near=5746545' },
  { method: 'GET', path: '/api/demand/cities', writes: false, access: 'public' },

  // ---- reports, listing numbers, the operators' console (issue 19) -------------------------------
  { method: 'POST', path: '/api/reports', writes: true, access: 'signed-in', ok: 201, body: async (s) => ({ spaceId: await s.publishedSpace(s.third), reason: 'scam', details: 'Asked for a deposit by wire.' }) },
  { method: 'GET', path: '/api/saved-spaces', writes: false, access: 'signed-in' },
  { method: 'PUT', path: '/api/spaces/:id/saved', writes: true, access: 'signed-in', fuzz: 'none', params: async (s) => ({ id: String(await s.publishedSpace(s.third)) }) },
  { method: 'DELETE', path: '/api/spaces/:id/saved', writes: true, access: 'signed-in', fuzz: 'none', params: async (s) => ({ id: String(await s.publishedSpace(s.third)) }) },
  // ---- web push (issue 30) --------------------------------------------------------------------
  { method: 'GET', path: '/api/push/key', writes: false, access: 'public' },
  { method: 'GET', path: '/api/push/subscriptions', writes: false, access: 'signed-in' },
  {
    method: 'POST', path: '/api/push/subscriptions', writes: true, access: 'signed-in', ok: 201,
    body: () => ({ endpoint: `https://push.example/send/${crypto.randomUUID()}`, keys: PUSH_KEYS, label: 'Chrome on Android' }),
  },
  { method: 'DELETE', path: '/api/push/subscriptions', writes: true, access: 'signed-in', body: () => ({ endpoint: 'https://push.example/send/gone' }) },
  {
    method: 'DELETE', path: '/api/push/subscriptions/:id', writes: true, access: 'owner', fuzz: 'none',
    params: async (s) => {
      const [row] = await s.t.db.insert(pushSubscriptions).values({ userId: s.owner.id, endpoint: `https://push.example/send/${crypto.randomUUID()}`, ...PUSH_KEYS }).returning({ id: pushSubscriptions.id });
      return { id: String(row!.id) };
    },
  },
  { method: 'PUT', path: '/api/push/presence', writes: true, access: 'signed-in', body: () => ({ conversationId: 1 }) },
  { method: 'DELETE', path: '/api/push/presence', writes: true, access: 'signed-in', body: () => ({ conversationId: 1 }) },
  { method: 'POST', path: '/api/spaces/:id/card-open', writes: true, access: 'public', ok: 204, fuzz: 'none', params: async (s) => ({ id: String(await s.publishedSpace(s.third)) }) },
  { method: 'GET', path: '/api/spaces/:id/stats', writes: false, access: 'owner', params: async (s) => ({ id: String(await s.publishedSpace(s.owner)) }) },
  { method: 'GET', path: '/api/admin/overview', writes: false, access: 'operator', query: async () => 'days=90' },
  { method: 'GET', path: '/api/admin/reports', writes: false, access: 'operator' },
  { method: 'GET', path: '/api/admin/review', writes: false, access: 'operator' },
  { method: 'GET', path: '/api/admin/audit', writes: false, access: 'operator' },
  { method: 'GET', path: '/api/admin/search', writes: false, access: 'operator', query: async () => 'q=Draft' },
  { method: 'GET', path: '/api/admin/spaces/:id', writes: false, access: 'operator', params: async (s) => ({ id: String(await s.draftSpace(s.owner)) }) },
  { method: 'GET', path: '/api/admin/users/:id', writes: false, access: 'operator', params: (s) => ({ id: String(s.third.id) }) },
  { method: 'POST', path: '/api/admin/spaces/:id/hide', writes: true, access: 'operator', params: async (s) => ({ id: String(await s.publishedSpace(s.third)) }), body: () => ({ reason: 'Fake photos.' }) },
  {
    method: 'POST', path: '/api/admin/spaces/:id/unhide', writes: true, access: 'operator', body: () => ({ reason: 'Appeal accepted.' }),
    params: async (s) => ({ id: String(await s.publishedSpace(s.third, { hiddenAt: new Date(), hiddenReason: 'Hidden for the suite', isActive: false })) }),
  },
  {
    method: 'POST', path: '/api/admin/spaces/:id/approve', writes: true, access: 'operator', body: () => ({ reason: 'Checked.' }),
    params: async (s) => ({ id: String(await s.publishedSpace(s.third, { awaitingReviewSince: new Date(), isActive: false })) }),
  },
  { method: 'POST', path: '/api/admin/users/:id/suspend', writes: true, access: 'operator', params: async (s) => ({ id: String((await s.newUser()).id) }), body: () => ({ reason: 'Scam.' }) },
  { method: 'POST', path: '/api/admin/users/:id/reinstate', writes: true, access: 'operator', params: async (s) => ({ id: String((await s.newUser({ suspended: true })).id) }), body: () => ({ reason: 'Appeal.' }) },
  { method: 'POST', path: '/api/admin/users/:id/unlock', writes: true, access: 'operator', params: async (s) => ({ id: String((await s.newUser({ locked: true })).id) }), body: () => ({ reason: 'Called us.' }) },
  { method: 'POST', path: '/api/admin/reviews/:id/hide', writes: true, access: 'operator', params: async (s) => ({ id: String(await reviewOfOwner(s)) }), body: () => ({ reason: 'Insults without facts.' }) },
  { method: 'POST', path: '/api/admin/reviews/:id/unhide', writes: true, access: 'operator', params: async (s) => ({ id: String(await reviewOfOwner(s, true)) }), body: () => ({ reason: 'Appeal upheld.' }) },
  { method: 'POST', path: '/api/admin/reports/:id/dismiss', writes: true, access: 'operator', params: async (s) => ({ id: String(await s.report(s.stranger)) }), body: () => ({ reason: 'Not a problem.' }) },
  { method: 'POST', path: '/api/admin/payments/:id/refund', writes: true, access: 'operator', params: async (s) => ({ id: String(await s.payment(s.owner)) }), body: () => ({ reason: 'Charged twice.' }) },
  { method: 'GET', path: '/api/admin/coupons', writes: false, access: 'operator' },
  { method: 'GET', path: '/api/admin/jobs', writes: false, access: 'operator' },
  { method: 'POST', path: '/api/admin/coupons', writes: true, access: 'operator', ok: 201, body: () => ({ code: `SUITE${Math.random().toString(36).slice(2, 10)}`, percentOff: 10 }) },
  { method: 'POST', path: '/api/admin/coupons/:id/disable', writes: true, access: 'operator', params: async (s) => ({ id: String(await s.coupon()) }), body: () => ({ reason: 'Over.' }) },
  { method: 'POST', path: '/api/admin/jobs/:job/items/:id/retry', writes: true, access: 'operator', params: async (s) => ({ job: 'email-outbox', id: String(await failedEmail(s)) }), body: () => ({ reason: 'The mail server is back.' }) },
  { method: 'POST', path: '/api/admin/jobs/:job/items/:id/drop', writes: true, access: 'operator', params: async (s) => ({ job: 'email-outbox', id: String(await failedEmail(s)) }), body: () => ({ reason: 'The address no longer exists.' }) },
];

/** An outbox e-mail that gave up (a failed item of the email-outbox job); its id. */
async function failedEmail(s: Scenario): Promise<number> {
  const now = s.t.clock.now();
  const [row] = await s.t.db
    .insert(emailNotifications)
    .values({ userId: null, type: 'verification', recipient: 'gone@example.com', subject: 'Verify', textBody: 't', htmlBody: '<p>t</p>', status: 'failed', attempts: 5, lastError: '550 no such user', nextAttemptAt: now, createdAt: now })
    .returning({ id: emailNotifications.id });
  return row!.id;
}

/**
 * A conversation the third user (as farmer) opened about a published listing of the owner. The owner is
 * the landlord here, so these conversations do not count against the owner's own first contacts (an
 * unverified account may start only two: docs/decisions/0106). Written directly, as draftSpace does.
 */
async function ownersListingConversation(s: Scenario): Promise<number> {
  const spaceId = await s.publishedSpace(s.owner);
  const now = s.t.clock.now();
  const [row] = await s.t.db.insert(conversations).values({ spaceId, ownerId: s.owner.id, farmerId: s.third.id, lastMessageAt: now, createdAt: now }).returning({ id: conversations.id });
  await s.t.db.insert(messages).values({ conversationId: row!.id, senderId: s.third.id, content: 'Is the space free from May?', createdAt: now });
  return row!.id;
}

/** Lease terms in a fresh such conversation, proposed by one of them; the routes under test are the answers and downloads. */
async function proposal(s: Scenario, by: 'owner' | 'third', status: 'open' | 'accepted' = 'open'): Promise<number> {
  const conversationId = await ownersListingConversation(s);
  const proposer = by === 'owner' ? s.owner : s.third;
  const now = s.t.clock.now();
  const [row] = await s.t.db
    .insert(leaseProposals)
    .values({
      // Accepted terms are a lease that has started (reviews open from the start, issue 43 item 3).
      conversationId, proposedBy: proposer.id, status, rent: '950.00', startDate: status === 'accepted' ? now.toISOString().slice(0, 10) : '2099-01-01', termMonths: 12, utilitiesPaidBy: 'tenant', createdAt: now,
      ...(status === 'accepted' ? { respondedBy: s.owner.id, respondedAt: now } : {}),
    })
    .returning({ id: leaseProposals.id });
  return row!.id;
}

/** A published review of the owner by the third user, on fresh accepted terms (hidden by operators if asked); its id. */
async function reviewOfOwner(s: Scenario, hidden = false): Promise<number> {
  const proposalId = await proposal(s, 'third', 'accepted');
  const now = s.t.clock.now();
  const [row] = await s.t.db
    .insert(reviews)
    .values({ proposalId, authorId: s.third.id, subjectId: s.owner.id, rating: 4, text: 'Good owner, clear about the terms.', createdAt: now, publishesAt: now, ...(hidden ? { hiddenAt: now, hiddenReason: 'Hidden for the suite' } : {}) })
    .returning({ id: reviews.id });
  return row!.id;
}

/** "METHOD /path" as the inventory prints it. */
export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${r.path}`;
}

/** The concrete method and URL an entry is called at. */
export async function resolveCall(entry: RouteEntry, s: Scenario): Promise<{ method: string; url: string }> {
  if (entry.as) return { method: entry.as.method, url: entry.as.path };
  const params = (await entry.params?.(s)) ?? {};
  const url = entry.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route table: ${routeKey(entry)} needs a sample value for :${name} (params)`);
    return encodeURIComponent(value);
  });
  const query = await entry.query?.(s);
  return { method: entry.method, url: query ? `${url}?${query}` : url };
}

/** The sample body (some are made from rows the call needs, e.g. a payment intent). */
export async function sampleBody(entry: RouteEntry, s: Scenario): Promise<unknown> {
  return entry.body?.(s);
}

export function callerOf(entry: RouteEntry): 'browser' | 'mail-link' | 'server' {
  return entry.caller ?? 'browser';
}

export function fuzzKind(entry: RouteEntry): 'body' | 'query' | 'none' {
  return entry.fuzz ?? (entry.writes ? 'body' : 'query');
}

/** A draft of the owner with one uploaded photo: its id and the photo's. */
async function withPhoto(s: Scenario): Promise<Record<string, string>> {
  const id = await s.draftSpace(s.owner);
  const res = await s.t.request(`/api/spaces/${id}/photos`, { body: await photoForm(), cookie: s.owner.cookie, headers: { 'x-forwarded-for': `198.51.100.${id % 250}` } });
  if (res.status !== 201) throw new Error(`photo upload for the route table failed: ${res.status} ${res.text}`);
  return { id: String(id), photoId: res.json.id };
}

/** The name of a served photo file (the smallest JPEG of a photo on an owner's draft). */
async function photoFileName(s: Scenario): Promise<string> {
  const id = await s.draftSpace(s.owner);
  const res = await s.t.request(`/api/spaces/${id}/photos`, { body: await photoForm(), cookie: s.owner.cookie, headers: { 'x-forwarded-for': `198.51.100.${id % 250}` } });
  if (res.status !== 201) throw new Error(`photo upload for the route table failed: ${res.status} ${res.text}`);
  return `${res.json.key}-${res.json.widths[0]}.jpg`;
}
