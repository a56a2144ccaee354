import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blogListResponseSchema, blogPostSchema } from '#contracts/blog.schemas';
import { blogPosts } from '#db/schema/content';
import { insertBlogPost } from '../../fixtures/blog-posts';
import { startTestApp, type TestApp } from '../../fixtures/test-app';

describe('GET /api/blog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    // Each test starts without posts (the site then falls back to its built-in articles).
    // eslint-disable-next-line drizzle/enforce-delete-with-where
    await t.db.delete(blogPosts);
  });

  it('answers an empty list when nothing is published', async () => {
    await insertBlogPost(t.db, { published: false });
    const res = await t.request('/api/blog');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('lists published posts newest first, in the shape of spec section 7', async () => {
    await insertBlogPost(t.db, { slug: 'older', title: 'Older', createdAt: new Date('2024-01-01T10:00:00Z') });
    await insertBlogPost(t.db, { slug: 'hidden-draft', published: false, createdAt: new Date('2024-06-01T10:00:00Z') });
    await insertBlogPost(t.db, { slug: 'newer', title: 'Newer', imageUrl: 'https://img.example/a.jpg', readTime: 7, createdAt: new Date('2024-03-01T10:00:00Z') });
    const res = await t.request('/api/blog');
    expect(res.status).toBe(200);
    const posts = blogListResponseSchema.parse(res.json);
    expect(posts.map((p) => p.slug)).toEqual(['newer', 'older']);
    expect(Object.keys(res.json[0]).sort()).toEqual(['createdAt', 'excerpt', 'id', 'imageUrl', 'readTime', 'slug', 'title']);
    expect(posts[0]).toMatchObject({ title: 'Newer', imageUrl: 'https://img.example/a.jpg', readTime: 7, createdAt: '2024-03-01T10:00:00.000Z' });
  });

  it('uses the default read time of 5 minutes', async () => {
    const [row] = await t.db.insert(blogPosts).values({ title: 'Defaults', slug: 'defaults', content: 'Body', published: true }).returning();
    expect(row?.readTime).toBe(5);
    const res = await t.request('/api/blog');
    expect(res.json[0]).toMatchObject({ slug: 'defaults', readTime: 5, excerpt: null, imageUrl: null });
  });

  it('answers one published post by slug, with its content', async () => {
    await insertBlogPost(t.db, { slug: 'one-post', content: '<p>Hello</p>' });
    const res = await t.request('/api/blog/one-post');
    expect(res.status).toBe(200);
    expect(blogPostSchema.parse(res.json)).toMatchObject({ slug: 'one-post', content: '<p>Hello</p>' });
  });

  it('answers 404 for an unpublished or unknown slug, and 400 for a malformed one', async () => {
    await insertBlogPost(t.db, { slug: 'not-yet', published: false });
    expect((await t.request('/api/blog/not-yet')).status).toBe(404);
    expect((await t.request('/api/blog/nothing-here')).status).toBe(404);
    const bad = await t.request('/api/blog/Not_A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'validation_failed', message: 'slug: must be lowercase words separated by hyphens', fieldErrors: { slug: expect.any(String) } });
  });
});
