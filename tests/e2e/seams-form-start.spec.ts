// The way into the list-space form and its first fields (issue 25, items 15, 16 and 17), driven as a new
// owner does: "List Your Space" → register lands on the form (not the dashboard) and nobody new is greeted
// "Welcome back"; Size and Rent start empty and take "3500" as typed; the pin map opens with a hint and a
// starting marker at the city, and the pin tapped there is the one stored.
import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from './accounts-helpers';
import { visitorFrom } from './browser';
import { ownListing } from './seams-form-helpers';
import { signUpAndIn } from './spaces-helpers';

test.use(visitorFrom(127));

test('“List Your Space” → register lands on the form, and a new account is welcomed, not “welcomed back”', async ({ page }) => {
  const user = newUser('Sasha');
  await page.goto('/');
  await page.getByRole('link', { name: 'List Your Space' }).first().click();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('/list-space');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List Your Space');
  // Signed in, so the form's "sign in to list" note is gone.
  await expect(page.getByText('to list a space.')).toHaveCount(0);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string };
  expect(me.email).toBe(user.email);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Sasha!');
});

test('Size and Rent start empty and keep what is typed; the edit screen has its own heading', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!, 'Tariq');
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  const size = page.getByRole('spinbutton', { name: 'Size (sq ft)' });
  const rent = page.getByRole('spinbutton', { name: 'Monthly Rent ($)' });
  await expect(size).toHaveValue('');
  await expect(rent).toHaveValue('');
  // Typed into the field as a person does (click, then keys), not filled.
  await size.click();
  await page.keyboard.type('3500');
  await rent.click();
  await page.keyboard.type('1200');
  await expect(size).toHaveValue('3500');
  await expect(rent).toHaveValue('1200');
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill('Warehouse corner');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Dry, high ceiling.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('77 Dock St');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Boston');
  await page.getByRole('button', { name: 'Create Listing & Continue to Payment' }).click();
  await page.waitForURL(/\/checkout\?/);
  const spaceId = Number(new URL(page.url()).searchParams.get('spaceId'));
  expect(await ownListing(page.request, spaceId)).toMatchObject({ size: 3500, pricePerMonth: '1200.00' });

  await page.goto(`/list-space?edit=${spaceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit your listing');
  await expect(page).toHaveTitle(/Edit your listing/);
  await expect(size).toHaveValue('3500');
});

test('the pin map opens with a hint and a starting marker; the pin tapped is the pin stored', async ({ page, baseURL }) => {
  await signUpAndIn(page, baseURL!, 'Uma');
  await page.goto('/list-space');
  await expect(page.locator('form [data-hydrated="true"]')).toBeAttached();
  await page.getByRole('textbox', { name: 'Space Title', exact: true }).fill('Courtyard greenhouse');
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Glass, benches, a tap.');
  await page.getByRole('textbox', { name: 'Full Address', exact: true }).fill('5 Garden Ct');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  await page.getByRole('spinbutton', { name: 'Size (sq ft)' }).fill('600');
  await page.getByRole('spinbutton', { name: 'Monthly Rent ($)' }).fill('500');
  const picker = page.getByTestId('pin-picker');
  await picker.getByRole('button', { name: 'Correct the pin on a map' }).click();
  await expect(picker.locator('[data-pin-hint]')).toHaveText(/Tap the map where the space is/);
  const map = page.getByTestId('pin-map');
  // The starting marker stands at the city (Denver), before any pin.
  await expect(map.locator('.fs-pin-start')).toBeVisible();
  const [startLat, startLng] = (await map.getAttribute('data-pin-start'))!.split(',').map(Number);
  expect(startLat).toBeCloseTo(39.74, 1);
  expect(startLng).toBeCloseTo(-104.99, 1);
  await map.scrollIntoViewIfNeeded();
  const frame = (await map.boundingBox())!;
  // A tap beside the starting marker; Leaflet ignores a click while the map is still moving to the city.
  await expect(async () => {
    await page.mouse.click(frame.x + frame.width / 2 + 40, frame.y + frame.height / 2 - 40);
    await expect(picker).toContainText(/Your pin: 39\.\d+, -104\.\d+\./, { timeout: 1000 });
  }).toPass();
  await expect(map.locator('.fs-pin-start')).toHaveCount(0);
  await expect(picker.locator('[data-pin-hint]')).toHaveText(/Drag your pin/);
  const [, lat, lng] = /Your pin: ([\d.-]+), ([\d.-]+)\./.exec((await picker.locator('p').first().textContent())!)!;
  await page.getByRole('button', { name: 'Create Listing & Continue to Payment' }).click();
  await page.waitForURL(/\/checkout\?/);
  const spaceId = Number(new URL(page.url()).searchParams.get('spaceId'));
  const stored = await ownListing(page.request, spaceId);
  expect(stored.latitude).toBeCloseTo(Number(lat), 4);
  expect(stored.longitude).toBeCloseTo(Number(lng), 4);
  expect(stored.locationPrecision).toBe('address');
});

test('“Sign in” on /register and “Sign up” on /login keep where the person was going (next=); a foreign next is dropped', async ({ page, request, baseURL }) => {
  const user = newUser('Robin');
  await registerViaApi({ request }, baseURL!, user);
  // From "List Your Space": the register page, then "Sign in" for someone who already has an account.
  await page.goto('/register?next=%2Flist-space');
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', '/login?next=%2Flist-space');
  await signIn.click();
  await page.waitForURL('/login?next=%2Flist-space');
  // And back: "Sign up" keeps it too.
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/register?next=%2Flist-space');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('/list-space');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List Your Space');

  // A next that leaves the site is not passed on.
  await page.context().clearCookies();
  await page.goto(`/register?next=${encodeURIComponent('https://evil.example/phish')}`);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
});
