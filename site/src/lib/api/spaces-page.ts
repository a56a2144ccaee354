// One page of GET /api/spaces (spec 7) with what its headers say: the islands' one way to read the
// public list (browse, Load more, the home page's featured spaces). `search` is a filter query string as
// contracts/space-filters.ts writes it (no leading "?").
import type { Space } from '#contracts/spaces.schemas';
import type { SpacesPage } from '#contracts/site-locals';
import { SPACES_HEADERS } from '#contracts/spaces';
import { apiFetchPage } from './api-client';

export type { SpacesPage };

/** A page the server rendered with the HTML (/spaces renders its first page), and the address it answers. */
export type ServedPage = { url: string; page: SpacesPage };

/** The address of one page: the filters, then the page size and cursor (the order the page preloads it in). */
export function spacesPageUrl(search: string, limit: number, cursor: string | null = null): string {
  const qs = [search, `limit=${limit}`, cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
  return `/api/spaces?${qs}`;
}

export function fetchSpacesPage(search: string, limit: number, cursor: string | null = null): Promise<SpacesPage> {
  return fetchSpacesPageAt(spacesPageUrl(search, limit, cursor));
}

/** The page at an address spacesPageUrl wrote (the key of a fetcher store). */
export async function fetchSpacesPageAt(url: string): Promise<SpacesPage> {
  const { data, nextCursor, headers } = await apiFetchPage<Space[]>(url);
  const total = headers.get(SPACES_HEADERS.total);
  return {
    spaces: data,
    total: total === null ? null : Number(total),
    capped: headers.get(SPACES_HEADERS.capped) === 'true',
    nextCursor,
  };
}
