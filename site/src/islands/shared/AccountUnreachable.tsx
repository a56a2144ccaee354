// What a signed-in page shows when the server could not say who is signed in (GET /api/auth/user failed with
// something other than 401): the person stays on the page (issue 40: sending them to /login made a reload
// loop, since the server still knew their session) and can try again.
export function AccountUnreachable() {
  return (
    <p role="alert" className="rounded-lg bg-soil-100 px-4 py-3 text-sm text-ink">
      We could not load your account just now.{' '}
      <button type="button" className="font-semibold text-brand-800 underline" onClick={() => window.location.reload()}>
        Try again
      </button>
    </p>
  );
}
