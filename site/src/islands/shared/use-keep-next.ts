// The link between /login and /register keeps where the person was going (`next`, a path on this site):
// "List Your Space" → /register?next=/list-space → "Sign in" must still end on the form (issue 25). The
// pages are pre-rendered without a query, so the link is completed after hydration; a foreign `next`
// (another site, a sign-in page) is dropped by safeReturnPath, as the forms themselves drop it.
import { useEffect, useState } from 'react';
import { safeReturnPath } from '#contracts/auth';

export function useKeepNext(path: '/login' | '/register'): string {
  const [href, setHref] = useState<string>(path);
  useEffect(() => {
    const next = safeReturnPath(new URLSearchParams(window.location.search).get('next'), window.location.origin, '');
    if (next) setHref(`${path}?next=${encodeURIComponent(next)}`);
  }, [path]);
  return href;
}
