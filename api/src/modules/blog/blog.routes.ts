// GET /api/blog (published posts, spec 7) and GET /api/blog/:slug (one post, for its on-demand page).
import { Router } from 'express';
import { blogPostParamsSchema } from '../../../../contracts/blog';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { findPublishedPost, listPublishedPosts } from './blog.service';

export function createBlogRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/blog', async (_req, res) => {
    res.json(await listPublishedPosts(ctx.db));
  });

  router.get('/blog/:slug', async (req, res) => {
    const { slug } = parseInput(blogPostParamsSchema, req.params);
    const post = await findPublishedPost(ctx.db, slug);
    if (!post) throw AppError.notFound('No published post with that slug.');
    res.json(post);
  });

  return router;
}
