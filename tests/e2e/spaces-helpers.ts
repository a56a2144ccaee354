// Helpers for the spaces end-to-end tests: sign a user up (and so in) through the API rather than the
// login pages, and run axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export { signUpAndIn } from './fixtures/api';

export async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
