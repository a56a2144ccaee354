// An article's date is the day it was written and published on FarmSpace (decision 1211): the content
// schema fails the build on a back-date or a future date, and every built-in article passes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleDateProblem, formatArticleDate, FIRST_ARTICLES_PUBLISHED } from './article-format';

const ARTICLES_DIR = path.resolve(import.meta.dirname, '../../content/articles');

describe('article dates', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('accepts the day of publication and refuses back-dates and future dates', () => {
    expect(articleDateProblem(FIRST_ARTICLES_PUBLISHED, now)).toBeNull();
    expect(articleDateProblem(new Date('2026-11-25T00:00:00Z'), now)).toBeNull();
    expect(articleDateProblem(new Date('2024-03-12T00:00:00Z'), now)).toMatch(/2026-11-21 or later/);
    expect(articleDateProblem(new Date('2026-12-01T00:00:00Z'), now)).toMatch(/not a future one/);
  });

  it('every built-in article carries a real date: not before FarmSpace published it, not after today', () => {
    const files = readdirSync(ARTICLES_DIR).filter((f) => f.endsWith('.mdx'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const date = /^date: (\S+)$/m.exec(readFileSync(path.join(ARTICLES_DIR, file), 'utf8'))?.[1];
      expect(date, file).toBeDefined();
      expect(articleDateProblem(new Date(date!)), `${file}: ${formatArticleDate(new Date(date!))}`).toBeNull();
    }
  });
});
