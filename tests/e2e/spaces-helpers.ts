// Helpers for the spaces end-to-end tests: sign a user up (and so in) through the API rather than the
// login pages, and run axe.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function signUpAndIn(page: Page, baseURL: string, firstName = 'Flora'): Promise<{ email: string }> {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Green-Leaf-${randomBytes(4).toString('hex')}`;
  const headers = { origin: baseURL };
  const up = await page.request.post('/api/auth/register', { data: { email, password, firstName, lastName: 'Grower' }, headers });
  expect(up.status(), await up.text()).toBe(201);
  return { email };
}

export async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
