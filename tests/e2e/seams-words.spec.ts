// Issue 43, item 14 (words and numbers on /spaces): "1 space found", not "1 space(s) found"; a place chosen is
// one filter on the badge, not the 3 keys it writes (near, place, radius); a size range is one too.
import { expect as baseExpect, test } from '@playwright/test';
import { visitorFrom } from './browser';

const expect = baseExpect.configure({ timeout: 20_000 });
const BERLIN_ID = 2950159;

test.use(visitorFrom(247));

test('browse says "1 space found" and counts a place as one filter, a size range as one', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/spaces?near=${BERLIN_ID}&place=Berlin%2C+DE&radiusKm=25`);
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  await expect(page.locator('[data-filter-count]')).toHaveText('1');
  await page.goto(`/spaces?near=${BERLIN_ID}&place=Berlin%2C+DE&radiusKm=25&minSize=100&maxSize=5000`);
  await expect(page.getByTestId('result-count')).toHaveText('1 space found');
  await expect(page.locator('[data-filter-count]')).toHaveText('2');
  await page.screenshot({ path: testInfo.outputPath('browse-words-phone.png') });
});
