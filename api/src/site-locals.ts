// The readers on-demand site pages use (contracts/site-locals.ts), bound to this app's database and to the
// visitor of the request (their session, if any).
import type { SiteLocals } from '../../contracts/site-locals';
import type { AppContext } from './app-context';
import { AppError } from './lib/app-error';
import { findPublishedPost } from './modules/blog/blog.service';
import { getVisibleSpace } from './modules/spaces/spaces.service';

export function createSiteLocals(ctx: AppContext, viewerId: number | undefined): SiteLocals {
  return {
    siteUrl: ctx.config.PUBLIC_SITE_URL,
    blog: { findPublishedPost: (slug) => findPublishedPost(ctx.db, slug) },
    spaces: {
      findVisibleSpace: (id) =>
        getVisibleSpace(ctx.db, id, viewerId, ctx.clock.now()).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }),
    },
  };
}
