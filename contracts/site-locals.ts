// What the API hands to the site's on-demand pages as Astro.locals (api/src/site-locals.ts builds it per
// request). Pages read data through these narrow readers instead of opening the database themselves.
import type { BlogReader } from './blog.schemas';
import type { DemandCitiesAnswer } from './demand';
import type { PublicProfile } from './profiles.schemas';
import type { OwnSpace, Space } from './spaces.schemas';

export interface SpaceReader {
  /** The space if the visitor may see it (public, or their own in any state); otherwise null. */
  findVisibleSpace(id: number): Promise<Space | OwnSpace | null>;
  /** The public featured listings (GET /api/spaces?featured=true, at most FEATURED_MAX), from the
   *  public-read micro-cache the API answers that call from. */
  listFeatured(): Promise<Space[]>;
  /** One page of the public list as GET /api/spaces?{search} answers it (its headers read into the page),
   *  from the same micro-cache for anonymous visitors; null when the API would refuse the query. */
  listPage(search: string): Promise<SpacesPage | null>;
}

/** One page of GET /api/spaces (spec 7) with what its headers say. */
export type SpacesPage = {
  spaces: Space[];
  /** X-Total-Count; null when the API did not count (then the page's length stands in). */
  total: number | null;
  /** The count is "at least" (X-Total-Count-Capped). */
  capped: boolean;
  /** Where the next page starts (X-Next-Cursor); null when none is left. */
  nextCursor: string | null;
};

export interface SiteLocals {
  /** PUBLIC_SITE_URL: the base of every absolute URL an on-demand page prints (never the request's Host). */
  siteUrl: string;
  blog: BlogReader;
  spaces: SpaceReader;
  people: PeopleReader;
  demand: DemandReader;
}

export interface DemandReader {
  /** The saved searches city by city as GET /api/demand/cities answers it, from the same public-read cache. */
  cities(): Promise<DemandCitiesAnswer>;
}

export interface PeopleReader {
  /** A person's public profile as GET /api/users/{id}/profile answers the visitor; null when that is a 404. */
  findProfile(id: number): Promise<PublicProfile | null>;
}
