// The readers on-demand site pages use (contracts/site-locals.ts), bound to this app's database.
import type { SiteLocals } from '../../contracts/site-locals';
import type { AppContext } from './app-context';
import { findPublishedPost } from './modules/blog/blog.service';

export function createSiteLocals(ctx: AppContext): SiteLocals {
  return {
    blog: { findPublishedPost: (slug) => findPublishedPost(ctx.db, slug) },
  };
}
