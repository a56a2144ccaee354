// Resources (/blog): the built-in articles as the fallback, database posts from GET /api/blog merged in,
// the category links, the honest newsletter box, and site search that loads only on focus.
import { expect, test } from '@playwright/test';
import { settled } from './browser';

// All six were written and published on one day (decision 1211): same-day articles by title.
const BUILT_IN = [
  '10 Cities Leading the Urban Farming Revolution',
  'Farm Space Lease Agreement Guide: Terms Every Owner and Farmer Should Know',
  'How to Lease a Space for Vertical Farming in 5 Steps',
  'Leasing vs Building a Vertical Farm: A Cost-Benefit Analysis',
  'Maximizing Yield in Small Vertical Spaces',
  'The Benefits of Sustainable Urban Agriculture',
];

const cardTitles = (page: import('@playwright/test').Page) => page.locator('[data-post-list] > li h3');

test('without database posts, the six built-in articles are listed newest first', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.locator('[data-post-list][data-loaded="true"]')).toHaveCount(1);
  await expect(cardTitles(page)).toHaveText(BUILT_IN);
  await expect(page.getByRole('link', { name: BUILT_IN[0] })).toHaveAttribute('href', '/articles/10-cities-urban-farming-revolution');
  await expect(page.locator('[data-post-list] > li').first()).toContainText('8 min read');
});

test('published database posts from the API are listed among the articles, by date', async ({ page }) => {
  await page.route('**/api/blog', (route) =>
    route.fulfill({
      json: [
        { id: 7, title: 'Community rooftop harvest report', slug: 'community-rooftop-harvest', excerpt: 'Our first season in numbers.', imageUrl: null, readTime: 3, createdAt: '2026-11-24T09:00:00.000Z' },
        { id: 3, title: 'Basement mushrooms <img src=x onerror=alert(1)>', slug: 'basement-mushrooms', excerpt: null, imageUrl: 'javascript:alert(1)', readTime: 5, createdAt: '2026-11-20T09:00:00.000Z' },
        { id: 9, title: 'Duplicate of an MDX slug', slug: 'farm-space-lease-agreement-guide', excerpt: null, imageUrl: null, readTime: 5, createdAt: '2025-01-01T00:00:00.000Z' },
      ],
    }),
  );
  const dialogs: string[] = [];
  page.on('dialog', (d) => void dialogs.push(d.message()));
  await page.goto('/blog');
  await expect(page.locator('[data-post-list]')).toHaveAttribute('data-api-posts', '2');
  await expect(cardTitles(page)).toHaveText([
    'Community rooftop harvest report',
    ...BUILT_IN,
    'Basement mushrooms <img src=x onerror=alert(1)>',
  ]);
  const post = page.locator('[data-post-list] > li').first();
  await expect(post.getByRole('link')).toHaveAttribute('href', '/articles/community-rooftop-harvest');
  await expect(post).toContainText('November 24, 2026');
  await expect(post).toContainText('3 min read');
  await expect(post).toContainText('Our first season in numbers.');
  await expect(page.locator('[data-post-list] img[src^="javascript"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the four category links lead to their articles', async ({ page }) => {
  await page.goto('/blog');
  const nav = page.getByRole('navigation', { name: 'Browse by category' });
  for (const [category, slug] of [
    ['Market Insights', '10-cities-urban-farming-revolution'],
    ['Legal & Contracts', 'farm-space-lease-agreement-guide'],
    ['Farming Techniques', 'maximizing-yield-small-vertical-spaces'],
    ['Getting Started', 'lease-space-vertical-farming-5-steps'],
  ] as const) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${category}`) })).toHaveAttribute('href', `/articles/${slug}`);
  }
});

test('the newsletter box says it is coming and cannot be submitted', async ({ page }) => {
  await page.goto('/blog');
  const box = page.getByRole('region', { name: 'Get new guides in your inbox' });
  await expect(box.getByRole('button', { name: 'Subscribe — coming soon' })).toBeDisabled();
  await expect(box.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
  await expect(box.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/rss.xml');
});

test('site search loads Pagefind only on focus and finds an article by a word from its body', async ({ page }) => {
  const pagefindRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/pagefind/')) pagefindRequests.push(r.url());
  });
  await page.goto('/blog');
  await settled(page);
  expect(pagefindRequests).toEqual([]);
  const search = page.getByRole('searchbox', { name: 'Search articles and pages' });
  await search.focus();
  await expect(page.locator('form[data-site-search][data-search-ready="true"]')).toHaveCount(1);
  expect(pagefindRequests.some((u) => u.endsWith('/pagefind/pagefind.js'))).toBe(true);
  // "Soradofarm" appears only in the body of the ten-cities article (a Tokyo rooftop project).
  await search.fill('Soradofarm');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results.first()).toHaveText('10 Cities Leading the Urban Farming Revolution');
  await expect(results.first()).toHaveAttribute('href', '/articles/10-cities-urban-farming-revolution');
  await expect(page.locator('[data-search-status]')).toHaveText(/1 result/);
  await search.fill('zzqxnonexistentword');
  await expect(page.locator('[data-search-status]')).toHaveText('No results for “zzqxnonexistentword”.');
});

test('the sitemap and the RSS feed list all six articles', async ({ request, baseURL }) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  const sitemapUrls = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  let locations = '';
  for (const url of sitemapUrls) locations += await (await request.get(new URL(url).pathname)).text();
  const rss = await (await request.get('/rss.xml')).text();
  for (const slug of [
    'lease-space-vertical-farming-5-steps',
    '10-cities-urban-farming-revolution',
    'farm-space-lease-agreement-guide',
    'maximizing-yield-small-vertical-spaces',
    'cost-benefit-leasing-vs-building-farm',
    'sustainable-urban-agriculture-benefits',
  ]) {
    expect(locations).toContain(`<loc>${baseURL}/articles/${slug}</loc>`);
    expect(rss).toContain(`<link>${baseURL}/articles/${slug}</link>`);
  }
  expect(locations).not.toMatch(/\/(dashboard|settings|checkout|login|register)</);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap-index.xml`);
});

test('every content page has a unique title and description, a canonical URL and social tags', async ({ page, baseURL }) => {
  const routes = ['/', '/how-it-works', '/about', '/contact', '/terms', '/privacy', '/disclaimer', '/blog', '/articles/10-cities-urban-farming-revolution', '/articles/farm-space-lease-agreement-guide'];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const route of routes) {
    await page.goto(route);
    titles.add(await page.title());
    const description = (await page.locator('meta[name="description"]').getAttribute('content'))!;
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(160);
    descriptions.add(description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${route === '/' ? '/' : route}`);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image']) await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
    const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
    expect((await page.request.get(new URL(image).pathname)).status(), `${route} og:image ${image}`).toBe(200);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('h1')).toHaveCount(1);
  }
  expect(titles.size).toBe(routes.length);
  expect(descriptions.size).toBe(routes.length);
});

test('content pages run without console errors or CSP violations, search included', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    // An anonymous visitor's 401 from GET /api/auth/user is the spec's answer (section 7), not an error.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  await page.route('**/api/spaces', (r) => r.fulfill({ json: [] }));
  for (const route of ['/', '/how-it-works', '/about', '/contact', '/terms', '/articles/farm-space-lease-agreement-guide']) {
    await page.goto(route);
    await settled(page);
  }
  await page.goto('/blog');
  const search = page.getByRole('searchbox', { name: 'Search articles and pages' });
  await search.focus();
  await search.fill('insurance');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
  expect(problems).toEqual([]);
});
