// The readers on-demand site pages use (contracts/site-locals.ts), bound to this app's database and to the
// visitor of the request (their session, if any).
import type { SiteLocals } from '#contracts/site-locals';
import type { AppContext } from './app-context';
import { AppError } from './lib/app-error';
import { findPublishedPost } from './modules/blog/blog.service';
import { FEATURED_MAX } from '#contracts/constants';
import { spaceQuerySchema, type Space } from '#contracts/spaces.schemas';
import { normalizedKey } from './lib/public-cache';
import { loadSpacesAnswer } from './modules/spaces/spaces.routes';
import { getVisibleSpace } from './modules/spaces/spaces.service';

/** The featured list as GET /api/spaces?featured=true&limit=FEATURED_MAX asks it (same cache key). */
const FEATURED_QUERY = spaceQuerySchema.parse({ featured: 'true', limit: String(FEATURED_MAX) });

export function createSiteLocals(ctx: AppContext, viewerId: number | undefined): SiteLocals {
  return {
    siteUrl: ctx.config.PUBLIC_SITE_URL,
    blog: { findPublishedPost: (slug) => findPublishedPost(ctx.db, slug) },
    spaces: {
      findVisibleSpace: (id) =>
        getVisibleSpace(ctx.db, { spaceId: id, viewerId }, ctx.clock.now()).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }),
      // A public read for every visitor (never the viewer's own drafts): cached as the API's answer is.
      listFeatured: async () => {
        const answer = await ctx.publicCache.get(normalizedKey('spaces', FEATURED_QUERY), () => loadSpacesAnswer(ctx, FEATURED_QUERY));
        return JSON.parse(answer.body.toString('utf8')) as Space[];
      },
    },
  };
}
