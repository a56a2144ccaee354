// GET /api/blog (published posts, spec 7) and GET /api/blog/:slug (one post, for its on-demand page).
import { Router } from 'express';
import { blogPostParamsSchema } from '#contracts/blog.schemas';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { jsonAnswer, servePublicRead } from '../../lib/public-cache';
import { parseInput } from '../../lib/validate';
import { findPublishedPost, listPublishedPosts } from './blog.service';

export function createBlogRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/blog', async (req, res) => {
    await servePublicRead(req, res, ctx.publicCache, 'blog', async () => jsonAnswer(await listPublishedPosts(ctx.db)));
  });

  router.get('/blog/:slug', async (req, res) => {
    const { slug } = parseInput(blogPostParamsSchema, req.params);
    await servePublicRead(req, res, ctx.publicCache, `blog:${slug}`, async () => {
      const post = await findPublishedPost(ctx.db, slug);
      if (!post) throw AppError.notFound('No published post with that slug.');
      return jsonAnswer(post);
    });
  });

  return router;
}
