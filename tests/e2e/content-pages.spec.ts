// The pre-rendered pages of issue 3 show the texts the spec asks for: landing (2.4), How It Works,
// About, Contact and Support with its FAQ, the legal pages, and the 404 page.
import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows the hero, claims, benefits with prices and the two cards', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('FarmSpace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn unused urban space into thriving farms');
    await expect(page.getByRole('link', { name: 'List Your Space' }).first()).toHaveAttribute('href', '/register?next=%2Flist-space');
    await expect(page.getByRole('link', { name: 'Find a Farm Space' })).toHaveAttribute('href', '/spaces');
    // True claims instead of the spec's "500+ farmers" and "$10k+" (docs/decisions/1503).
    await expect(page.getByText('for farmers to search and contact owners')).toBeVisible();
    await expect(page.getByText('500+')).toHaveCount(0);
    await expect(page.getByText('$10k+')).toHaveCount(0);
    for (const benefit of ['Flexible Leases', 'Sustainable Solutions', 'Promote Listing']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expect(page.getByText('$7.99')).toBeVisible();
    await expect(page.getByText('$19.99')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Become a Farmer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Start Your Free Search' })).toHaveAttribute('href', '/spaces');
  });

  test('the location box goes to /spaces?place=… and ignores a blank place', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('combobox', { name: 'Near a place' });
    await input.fill('   ');
    await input.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await input.fill('  New York ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/spaces\?(place=New\+York$|.*near=\d+)/);
  });

  test('Featured Spaces comes in the HTML of the page: no request from the browser, at most six, linking to their pages', async ({ page, request }) => {
    const api = (await (await request.get('/api/spaces?featured=true&limit=6')).json()) as { id: number; title: string; isFeatured: boolean; featuredUntil: string | null }[];
    const expected = api.filter((s) => s.isFeatured && s.featuredUntil);
    expect(expected.length).toBeGreaterThan(0);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/spaces')) asked.push(r.url());
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Spaces' });
    await expect(section.getByRole('listitem')).toHaveCount(Math.min(6, expected.length));
    await expect(section.getByRole('link', { name: expected[0]!.title })).toHaveAttribute('href', `/spaces/${expected[0]!.id}`);
    await expect(section.getByRole('link', { name: 'View All Spaces' })).toHaveAttribute('href', '/spaces');
    // It takes its full height from the start, before any scrolling (it used to be 1 px until it loaded).
    expect((await section.boundingBox())!.height).toBeGreaterThan(300);
    expect(asked).toEqual([]);
  });

  test('Featured Spaces is there without JavaScript (for search engines), before the guides', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Spaces' });
    await expect(section.getByRole('listitem').first()).toBeVisible();
    const featuredTop = await section.evaluate((e) => e.getBoundingClientRect().top);
    const guidesTop = await page.getByRole('heading', { name: 'Guides and insights' }).evaluate((e) => e.getBoundingClientRect().top);
    expect(featuredTop).toBeLessThan(guidesTop);
    await context.close();
  });
});

test('How It Works shows both three-step guides, the benefits and the ways in', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page).toHaveTitle('How It Works | FarmSpace');
  for (const guide of ['For space owners', 'For urban farmers']) {
    const section = page.getByRole('region', { name: guide });
    await expect(section.getByRole('listitem')).toHaveCount(3);
  }
  await expect(page.getByRole('heading', { name: 'Why use FarmSpace' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Browse Spaces' }).last()).toHaveAttribute('href', '/spaces');
  await expect(page.getByText('$7.99').first()).toBeVisible();
});

test('About tells what FarmSpace does and does not do', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About Us | FarmSpace');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Growing food in the spaces cities forget');
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(page.getByText('collect rent or hold deposits')).toBeVisible();
  await expect(page.getByRole('link', { name: 'List Your Space' }).last()).toHaveAttribute('href', '/list-space');
});

test.describe('Contact and Support', () => {
  test('shows the support email, quick help, the FAQ and legal resources', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact and Support');
    await expect(page.getByRole('link', { name: 'Email support@farmspace.app' })).toHaveAttribute('href', 'mailto:support@farmspace.app');
    await expect(page.getByRole('region', { name: 'Quick help' }).getByRole('listitem')).toHaveCount(4);
    const legal = page.getByRole('region', { name: 'Legal resources' });
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Disclaimer', '/disclaimer'],
      ['Lease Agreement Guide', '/articles/farm-space-lease-agreement-guide'],
    ] as const) {
      await expect(legal.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
  });

  test('the FAQ has seven questions that open without JavaScript, one at a time', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact');
    const items = page.locator('[data-faq] details');
    await expect(items).toHaveCount(7);
    const cost = items.filter({ hasText: 'How much does it cost to list a space?' });
    await expect(cost.getByText(/one-time listing fee of \$7\.99/)).toBeHidden();
    await cost.locator('summary').click();
    await expect(cost.getByText(/Space owners pay a one-time listing fee of \$7\.99/)).toBeVisible();
    const badFaith = items.filter({ hasText: 'What happens if a landlord acts in bad faith?' });
    await badFaith.locator('summary').click();
    await expect(badFaith.getByText(/landlords acting in bad faith .* may be removed from the platform/)).toBeVisible();
    await expect(cost).not.toHaveAttribute('open', '');
    await context.close();
  });
});

for (const [path, title, phrase] of [
  ['/terms', 'Terms of Service', 'FarmSpace only connects the parties'],
  ['/privacy', 'Privacy Policy', 'We do not sell your personal information'],
  ['/disclaimer', 'Disclaimer', 'takes no responsibility for user interactions or their outcomes'],
] as const) {
  test(`${title} is complete: contents list, sections and last-updated date`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} | FarmSpace`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Last updated: January 15, 2025')).toBeVisible();
    await expect(page.getByRole('main').getByText(phrase)).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
    expect(await toc.count()).toBeGreaterThanOrEqual(8);
    const first = toc.first();
    const target = (await first.getAttribute('href'))!;
    await expect(page.locator(target)).toHaveCount(1);
  });
}

test('the 404 page is served for unknown paths and unknown articles', async ({ page }) => {
  for (const path of ['/no-such-page', '/articles/no-such-article']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});
