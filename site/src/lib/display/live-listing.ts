// Where the checkout sends an owner who has just paid: their listing's own page, which then says
// "Your listing is live" (issue 25 item 6; docs/decisions/1101). One name for the address's flag.
export const LIVE_PARAM = 'live';

export function liveListingHref(spaceId: number): string {
  return `/spaces/${spaceId}?${LIVE_PARAM}=1`;
}

/** True once, on the page the checkout sent the owner to; the flag then leaves the address (a reload is a plain visit). */
export function takeLiveFlag(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LIVE_PARAM)) return false;
  url.searchParams.delete(LIVE_PARAM);
  window.history.replaceState(window.history.state, '', url);
  return true;
}
