// A published database post renders on demand at /articles/{slug}, safely: stored markup is reduced
// to text markup and nothing in it runs. Unpublished posts and MDX slugs behave as they should.
import { expect, test } from '@playwright/test';
import { insertBlogPost } from '../fixtures/blog-posts';
import { startSiteApp } from '../fixtures/site-app';

let site: Awaited<ReturnType<typeof startSiteApp>>;
// One in-process product for the file's tests, in one worker: split across workers (fullyParallel), each
// worker would start and migrate a database of its own for its share.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  site = await startSiteApp();
  await insertBlogPost(site.db, {
    slug: 'rooftop-bees-and-greens',
    title: 'Rooftop Bees and Greens',
    excerpt: 'How a rooftop farm added two beehives and doubled its pollinated crops.',
    content:
      '<h1>Why bees</h1><p>Bees <strong>pollinate</strong> rooftop strawberries.</p><script>window.__pwned = true</script><p><img src="x" onerror="window.__pwned = true">Hives need shade.</p><a href="javascript:window.__pwned=true">click</a>',
    readTime: 4,
    createdAt: new Date('2026-11-24T08:00:00Z'),
  });
  await insertBlogPost(site.db, { slug: 'draft-post', title: 'Draft', published: false });
  await insertBlogPost(site.db, { slug: 'farm-space-lease-agreement-guide', title: 'A database post shadowed by the MDX article' });
});
test.afterAll(async () => site?.close());

test('a published database post renders at /articles/{slug} with its markup sanitized', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Opened by another name of the same server (localhost): the page must not take its URLs from the Host.
  const response = await page.goto(`${site.baseUrl.replace('127.0.0.1', 'localhost')}/articles/rooftop-bees-and-greens`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rooftop Bees and Greens');
  await expect(page.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute('href', '/blog');
  await expect(page.getByText('November 24, 2026')).toBeVisible();
  await expect(page.getByText('4 min read')).toBeVisible();
  await expect(page.getByText('How a rooftop farm added two beehives')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Why bees' })).toBeVisible();
  await expect(page.getByText('Bees pollinate rooftop strawberries.')).toBeVisible();
  await expect(page.locator('main script:not([type="application/ld+json"])')).toHaveCount(0);
  await expect(page.locator('main [onerror], main a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // Canonical URLs come from the server's PUBLIC_SITE_URL (this app's: its own address), never from the request (0606).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.baseUrl}/articles/rooftop-bees-and-greens`);
  expect(errors).toEqual([]);
});

test('an unpublished or unknown post gets the 404 page; an MDX slug keeps its article', async ({ page }) => {
  for (const slug of ['draft-post', 'never-written', 'Bad_Slug']) {
    const response = await page.goto(`${site.baseUrl}/articles/${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  await page.goto(`${site.baseUrl}/articles/farm-space-lease-agreement-guide`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Farm Space Lease Agreement Guide: Terms Every Owner and Farmer Should Know');
});

test('Resources lists the database post from the real API among the built-in articles', async ({ page }) => {
  await page.goto(`${site.baseUrl}/blog`);
  await expect(page.locator('[data-post-list]')).toHaveAttribute('data-api-posts', '1');
  const first = page.locator('[data-post-list] > li').first();
  await expect(first.getByRole('link')).toHaveText('Rooftop Bees and Greens');
  await expect(first.getByRole('link')).toHaveAttribute('href', '/articles/rooftop-bees-and-greens');
  await expect(page.locator('[data-post-list] > li')).toHaveCount(7);
});
