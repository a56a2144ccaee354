// What the API hands to the site's on-demand pages as Astro.locals (api/src/site-locals.ts builds it).
// Pages read data through these narrow readers instead of opening the database themselves.
import type { BlogReader } from './blog';

export interface SiteLocals {
  blog: BlogReader;
}
