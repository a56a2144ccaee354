// Small account helpers the navigation bar needs on every page; kept free of zod so that content pages
// stay light (contracts/auth.ts re-exports them).

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/** Where to go after signing in: `next` when it is a path on this site (never /login or /register), else the fallback. */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || hasControlCharacter(next)) return fallback;
  try {
    const url = new URL(next, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return fallback;
    if (url.pathname === '/login' || url.pathname === '/register') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The avatar letter of spec 2.2: first name's first letter, else the email's, else U. */
export function avatarInitial(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

/** "First Last" of spec 2.2's menu, or '' when both are empty. */
export function displayName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
}
