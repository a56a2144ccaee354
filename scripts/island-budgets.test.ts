// The island JavaScript budget (issue 32): every entry island loads at most its budget of compressed
// JavaScript before interaction (scripts/island-budgets.json), measured on the site build that the end-to-end
// tests then use (ensureSiteBuild for the same address: built once). An island over its budget fails with
// the modules that grew since the recorded figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteBuild } from './build-site';
import { islandWeights, overBudget, readBudgets, type IslandWeight } from './island-weight';

// The address the end-to-end run builds for (scripts/e2e.ts), so `npm test` builds the site once.
process.env.PUBLIC_SITE_URL ||= `http://localhost:${process.env.E2E_PORT ?? 4400}`;

let weights: Record<string, IslandWeight>;
const budgets = readBudgets();

beforeAll(() => {
  weights = islandWeights(ensureSiteBuild());
}, 900_000);

describe('island JavaScript budget', () => {
  it('has a budget for every entry island and an island for every budget', () => {
    expect(Object.keys(weights).sort()).toEqual(Object.keys(budgets.islands).sort());
  });

  for (const name of Object.keys(budgets.islands)) {
    it(`${name} loads no more than ${budgets.islands[name]!.budgetKiB} KiB compressed before interaction`, () => {
      const weight = weights[name];
      expect(weight, `${name} is no longer an entry island of the build`).toBeDefined();
      expect(overBudget(name, weight!, budgets.islands[name])).toBeUndefined();
    });
  }

  it('keeps the browse island free of the dialogs and the operators’ contract (they load on demand)', () => {
    const browse = Object.keys(weights.SpaceBrowser!.modules);
    expect(browse.filter((m) => /@radix-ui\/react-dialog|contracts\/moderation|ContactDialog|ReportDialog|SpaceDetail\.tsx|zod/.test(m))).toEqual([]);
  });
});
