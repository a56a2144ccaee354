// GET /api/blog (spec section 7) and GET /api/blog/{slug}: published database posts.
// When the list is empty the Resources page shows the built-in MDX articles instead (spec 2.13).
import { z } from './zod';

export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogSlugSchema = z
  .string()
  .max(255, 'must be at most 255 characters')
  .regex(BLOG_SLUG_PATTERN, 'must be lowercase words separated by hyphens');

/** Path parameters of GET /api/blog/{slug}. */
export const blogPostParamsSchema = z.object({ slug: blogSlugSchema });

export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  readTime: z.number().int(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListResponseSchema = z.array(blogPostSummarySchema);
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  /** The body as stored: plain text or simple HTML. Renderers must sanitize it. */
  content: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** What on-demand site pages may ask of the blog (handed to Astro as locals by the API's site mount). */
export interface BlogReader {
  findPublishedPost(slug: string): Promise<BlogPost | null>;
}
