// Reads published blog posts (spec 3: blog_posts). Unpublished posts are invisible to every caller.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { blogPosts } from '#db/schema/content';
import type { BlogPost, BlogPostSummary } from '#contracts/blog.schemas';

/** Published posts, newest first. */
export async function listPublishedPosts(db: Executor): Promise<BlogPostSummary[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      imageUrl: blogPosts.imageUrl,
      readTime: blogPosts.readTime,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One published post by slug, or null. */
export async function findPublishedPost(db: Executor, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    readTime: row.readTime,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
