// The six articles of spec 2.13: header, structure and closing call to action, and the lease
// template's Copy to Clipboard and Download Template.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const ARTICLES = [
  {
    slug: '10-cities-urban-farming-revolution',
    title: '10 Cities Leading the Urban Farming Revolution',
    date: 'November 21, 2026',
    readTime: '8 min read',
    category: 'Market Insights',
    headings: ['How we ranked them', 'What the leaders have in common', 'Revenue for space owners', 'Market trends to watch', 'Getting started', 'For landlords', 'For farmers'],
    cta: [['List Your Space', '/list-space'], ['Find a Farm Space', '/spaces']],
  },
  {
    slug: 'farm-space-lease-agreement-guide',
    title: 'Farm Space Lease Agreement Guide: Terms Every Owner and Farmer Should Know',
    date: 'November 21, 2026',
    readTime: '9 min read',
    category: 'Legal & Contracts',
    headings: ['Essential lease terms', 'Insurance', 'Maintenance and repairs', 'Access', 'Regulations and permits', 'Termination', 'Sample lease template'],
    cta: [['List Your Space', '/list-space'], ['Contact Support', '/contact']],
  },
  {
    slug: 'maximizing-yield-small-vertical-spaces',
    title: 'Maximizing Yield in Small Vertical Spaces',
    date: 'November 21, 2026',
    readTime: '6 min read',
    category: 'Farming Techniques',
    headings: ['Optimization techniques', 'Environmental control', 'Choosing crops', 'System design', 'Rotation schedule'],
    cta: [['Browse Farm Spaces', '/spaces'], ['List Your Space', '/list-space']],
  },
  {
    slug: 'cost-benefit-leasing-vs-building-farm',
    title: 'Leasing vs Building a Vertical Farm: A Cost-Benefit Analysis',
    date: 'November 21, 2026',
    readTime: '7 min read',
    category: 'Market Insights',
    headings: ['Side by side', 'Cost breakdown: leasing', 'Cost breakdown: building', 'Five-year ROI scenarios'],
    cta: [['Browse Available Spaces', '/spaces'], ['Talk to Our Team', '/contact']],
  },
  {
    slug: 'sustainable-urban-agriculture-benefits',
    title: 'The Benefits of Sustainable Urban Agriculture',
    date: 'November 21, 2026',
    readTime: '6 min read',
    category: 'Market Insights',
    headings: ['Environmental benefits', 'Economic benefits', 'Social benefits', 'Urban vertical farming versus conventional farming'],
    cta: [['List Your Space', '/list-space'], ['Find a Farm Space', '/spaces']],
  },
  {
    slug: 'lease-space-vertical-farming-5-steps',
    title: 'How to Lease a Space for Vertical Farming in 5 Steps',
    date: 'November 21, 2026',
    readTime: '5 min read',
    category: 'Getting Started',
    headings: ['Step 1: Define what your farm needs', 'Step 2: Search and shortlist', 'Step 3: Inspect and check', 'Step 4: Negotiate the lease', 'Step 5: Permit, set up and grow'],
    cta: [['Browse Farm Spaces', '/spaces']],
  },
] as const;

for (const a of ARTICLES) {
  test(`article ${a.slug}: header, sections, hero image and call to action`, async ({ page }) => {
    await page.goto(`/articles/${a.slug}`);
    await expect(page).toHaveTitle(`${a.title} | FarmSpace`);
    const header = page.locator('article header');
    await expect(header.getByRole('link', { name: 'Back to Resources' })).toHaveAttribute('href', '/blog');
    await expect(header.getByText(a.category, { exact: true })).toBeVisible();
    await expect(header.getByText(a.date)).toBeVisible();
    await expect(header.getByText(a.readTime)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a.title);
    await expect(header.locator('p').last()).not.toBeEmpty();
    const hero = page.locator('article img').first();
    await expect(hero).toHaveAttribute('alt', /.{20,}/);
    await expect(hero).toHaveAttribute('width', /\d+/);
    await expect(hero).toHaveAttribute('height', /\d+/);
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (const heading of a.headings) await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const cta = page.locator('aside.cta-card');
    for (const [label, href] of a.cta) await expect(cta.getByRole('link', { name: label })).toHaveAttribute('href', href);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'Article', headline: a.title, articleSection: a.category });
  });
}

test('10 cities: ten ranked city cards with country, key feature, production scale and projects', async ({ page }) => {
  await page.goto('/articles/10-cities-urban-farming-revolution');
  const cards = page.getByRole('list', { name: 'The ten cities, ranked' }).locator(':scope > li');
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText('Number 1: Singapore');
  for (let i = 0; i < 10; i++) {
    const card = cards.nth(i);
    await expect(card.getByText('Key feature')).toBeVisible();
    await expect(card.getByText('Production scale')).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Notable projects' })).toBeVisible();
    await expect(card.locator('ul li')).toHaveCount(3);
  }
});

test('maximizing yield: crop categories carry difficulty badges and the rotation schedule is a table', async ({ page }) => {
  await page.goto('/articles/maximizing-yield-small-vertical-spaces');
  const badges = page.locator('[data-difficulty]');
  await expect(badges).toHaveCount(6);
  await expect(badges.filter({ hasText: 'Beginner' })).toHaveCount(2);
  await expect(badges.filter({ hasText: 'Intermediate' })).toHaveCount(3);
  await expect(badges.filter({ hasText: 'Advanced' })).toHaveCount(1);
  const rotation = page.getByRole('table', { name: 'Four-week rotation across four growing zones' });
  await expect(rotation.getByRole('row')).toHaveCount(5);
});

test('leasing vs building: comparison table, cost tables and four five-year ROI scenarios', async ({ page }) => {
  await page.goto('/articles/cost-benefit-leasing-vs-building-farm');
  const comparison = page.getByRole('table', { name: 'Leasing versus building an urban farm' });
  await expect(comparison.getByRole('row', { name: /Initial investment/ })).toContainText('$15,000 – $50,000');
  await expect(comparison.getByRole('row', { name: /Initial investment/ })).toContainText('$150,000 – $500,000');
  await expect(page.getByRole('table', { name: 'Typical start-up costs in a leased space' })).toContainText('2 – 3 months’ rent');
  await expect(page.getByRole('table', { name: 'Typical costs of building your own facility' })).toBeVisible();
  const scenarios = page.locator('.roi-card');
  await expect(scenarios).toHaveCount(4);
  await expect(scenarios.nth(1)).toContainText(/5-year ROI\s*305%/);
  await expect(scenarios.nth(1)).toContainText(/Payback\s*2.3 years/);
});

test('sustainable agriculture: environmental, economic and social benefit cards and a comparison table', async ({ page }) => {
  await page.goto('/articles/sustainable-urban-agriculture-benefits');
  for (const group of ['Environmental benefits', 'Economic benefits', 'Social benefits']) {
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(page.locator('article h3')).toHaveCount(9);
  await expect(page.getByRole('table', { name: /Conventional field farming compared/ }).getByRole('row')).toHaveCount(8);
});

test.describe('the lease template', () => {
  test('has the legal disclaimer and the placeholders', async ({ page }) => {
    await page.goto('/articles/farm-space-lease-agreement-guide');
    await expect(page.getByRole('complementary', { name: 'Legal disclaimer' })).toContainText('not legal advice');
    const text = page.locator('[data-template-text]');
    for (const placeholder of ['[LANDLORD NAME]', '[TENANT NAME]', '[SQUARE FEET]', '[PROPERTY ADDRESS]', '[MONTHLY RENT]', '[LEASE TERM]', '[INSURANCE AMOUNT]']) {
      await expect(text).toContainText(placeholder);
    }
    await expect(text).toContainText('at least 90 days before the end of the current Term');
  });

  test('Copy to Clipboard puts the template on the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/articles/farm-space-lease-agreement-guide');
    await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(page.getByRole('status').getByText('Copied to Clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('VERTICAL FARMING SPACE LEASE AGREEMENT');
    expect(copied).toContain('[LANDLORD NAME]');
    expect(copied).toBe(await page.locator('[data-template-text]').textContent());
  });

  test('without the Clipboard API the legacy copy is used silently and the toast still shows', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      (window as unknown as { __copied: string[] }).__copied = [];
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: unknown[]) => {
        if (command === 'copy') {
          const active = document.activeElement as HTMLTextAreaElement | null;
          (window as unknown as { __copied: string[] }).__copied.push(active?.value ?? '');
          return true;
        }
        return original(command, ...(rest as [boolean, string]));
      };
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/articles/farm-space-lease-agreement-guide');
    await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(page.getByRole('status').getByText('Copied to Clipboard')).toBeVisible();
    const copied = await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain('[TENANT NAME]');
    expect(errors).toEqual([]);
  });

  test('Download Template saves vertical-farming-lease-template.txt and says so', async ({ page }) => {
    await page.goto('/articles/farm-space-lease-agreement-guide');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Template' }).click()]);
    expect(download.suggestedFilename()).toBe('vertical-farming-lease-template.txt');
    const content = readFileSync((await download.path())!, 'utf8');
    expect(content).toContain('VERTICAL FARMING SPACE LEASE AGREEMENT');
    expect(content).toContain('[PROPERTY ADDRESS]');
    expect(content).toBe(await page.locator('[data-template-text]').textContent());
    await expect(page.getByRole('status').getByText('Template Downloaded')).toBeVisible();
  });
});
