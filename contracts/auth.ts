// Small account helpers the navigation bar needs on every page; kept free of zod so that content pages
// stay light (contracts/auth.ts re-exports them).

/** Pages that must not be returned to after signing in (they would only send the user on again). */
const NOT_A_RETURN_PAGE = new Set(['/login', '/register']);

/**
 * Where to go after signing in (every `next`/return parameter, in the islands and on the server): the
 * path, query and fragment of `next` when the URL parser resolves it against the site's origin to that
 * same origin, else the fallback. No string tests: the parser decides, as the browser will. The path is
 * resolved a second time, because one that starts with `//` after normalisation (`/.//evil`, `/%2e//evil`,
 * `/./\evil`) would be taken by the browser as another host.
 */
export function safeReturnPath(next: string | null | undefined, origin: string, fallback = '/'): string {
  if (!next) return fallback;
  let siteOrigin: string;
  let target: URL;
  try {
    siteOrigin = new URL(origin).origin;
    target = new URL(next, siteOrigin);
  } catch {
    return fallback;
  }
  if (target.origin !== siteOrigin || NOT_A_RETURN_PAGE.has(target.pathname)) return fallback;
  const path = target.pathname + target.search + target.hash;
  try {
    if (new URL(path, siteOrigin).href !== target.href) return fallback;
  } catch {
    return fallback;
  }
  return path;
}

/** The avatar letter of spec 2.2: first name's first letter, else the email's, else U. */
export function avatarInitial(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/**
 * A person's name wherever it is shown (the menu of spec 2.2, conversations, inquiries, e-mails): "First
 * Last", or "User" when both are empty. The one function for it, on the server and in islands.
 */
export function displayName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || 'User';
}
