// What the API hands to the site's on-demand pages as Astro.locals (api/src/site-locals.ts builds it per
// request). Pages read data through these narrow readers instead of opening the database themselves.
import type { BlogReader } from './blog.schemas';
import type { OwnSpace, Space } from './spaces.schemas';

export interface SpaceReader {
  /** The space if the visitor may see it (public, or their own in any state); otherwise null. */
  findVisibleSpace(id: number): Promise<Space | OwnSpace | null>;
  /** The public featured listings (GET /api/spaces?featured=true, at most FEATURED_MAX), from the
   *  public-read micro-cache the API answers that call from. */
  listFeatured(): Promise<Space[]>;
}

export interface SiteLocals {
  /** PUBLIC_SITE_URL: the base of every absolute URL an on-demand page prints (never the request's Host). */
  siteUrl: string;
  blog: BlogReader;
  spaces: SpaceReader;
}
