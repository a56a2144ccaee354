// The readers on-demand site pages use (contracts/site-locals.ts), bound to this app's database and to the
// visitor of the request (their session, if any).
import { parse as parseQueryString } from 'node:querystring';
import type { DemandCitiesAnswer } from '#contracts/demand';
import type { SiteLocals } from '#contracts/site-locals';
import { SPACES_HEADERS } from '#contracts/spaces';
import type { AppContext } from './app-context';
import { AppError } from './lib/app-error';
import { findPublishedPost } from './modules/blog/blog.service';
import { cityDemandAnswer } from './modules/demand/index';
import { getPublicProfile } from './modules/profiles/index';
import { FEATURED_MAX } from '#contracts/constants';
import { spaceQuerySchema, type Space } from '#contracts/spaces.schemas';
import { normalizedKey } from './lib/public-cache';
import { loadSpacesAnswer } from './modules/spaces/browse-answer';
import { getVisibleSpace } from './modules/spaces/spaces.service';

/** The featured list as GET /api/spaces?featured=true&limit=FEATURED_MAX asks it (same cache key). */
const FEATURED_QUERY = spaceQuerySchema.parse({ featured: 'true', limit: String(FEATURED_MAX) });

export function createSiteLocals(ctx: AppContext, viewerId: number | undefined): SiteLocals {
  return {
    siteUrl: ctx.config.PUBLIC_SITE_URL,
    blog: { findPublishedPost: (slug) => findPublishedPost(ctx.db, slug) },
    // The page /demand: the API's answer, read through the same public-read cache entry.
    demand: {
      cities: async () => {
        const answer = await cityDemandAnswer(ctx);
        return JSON.parse(answer.body.toString('utf8')) as DemandCitiesAnswer;
      },
    },
    people: {
      findProfile: (id) =>
        getPublicProfile(ctx.db, { userId: id, viewerId }, ctx.clock.now()).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }),
    },
    spaces: {
      findVisibleSpace: (id) =>
        getVisibleSpace(ctx.db, { spaceId: id, viewerId }, ctx.clock.now(), ctx.ownerRatings).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }),
      // A public read for every visitor (never the viewer's own drafts): cached as the API's answer is.
      listFeatured: async () => {
        const answer = await ctx.publicCache.get(normalizedKey('spaces', FEATURED_QUERY), () => loadSpacesAnswer(ctx, FEATURED_QUERY));
        return JSON.parse(answer.body.toString('utf8')) as Space[];
      },
      // The browse page's first page (/spaces, issue 32), read as the API answers it: Express parses a query
      // string as node's querystring does, so a repeated filter arrives as the same array. Cached for
      // anonymous visitors only, as the API caches it.
      listPage: async (search) => {
        const parsed = spaceQuerySchema.safeParse(parseQueryString(search));
        if (!parsed.success) return null;
        const load = () => loadSpacesAnswer(ctx, parsed.data);
        const answer = viewerId === undefined ? await ctx.publicCache.get(normalizedKey('spaces', parsed.data), load) : await load();
        const total = answer.headers[SPACES_HEADERS.total];
        return {
          spaces: JSON.parse(answer.body.toString('utf8')) as Space[],
          total: total === undefined ? null : Number(total),
          capped: answer.headers[SPACES_HEADERS.capped] === 'true',
          nextCursor: answer.headers[SPACES_HEADERS.nextCursor] ?? null,
        };
      },
    },
  };
}
