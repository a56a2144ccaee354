// The articles collection: every MDX file in content/articles is an article whose id (the file
// name) is its URL slug. The schema fails the build naming the file and the field at fault.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { articleDateProblem } from './lib/content/article-format';

export const ARTICLE_CATEGORIES = ['Market Insights', 'Legal & Contracts', 'Farming Techniques', 'Getting Started'] as const;

const articles = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './site/src/content/articles' }),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(10).max(90),
      description: z.string().min(50).max(160, 'description must be at most 160 characters (search engines cut it off)'),
      // The day the article was written and published here: never a back-date or a future date (decision 1211).
      date: z.coerce.date().superRefine((date, ctx) => {
        const problem = articleDateProblem(date);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      readTime: z.number().int().min(1).max(60),
      category: z.enum(ARTICLE_CATEGORIES),
      heroImage: image(),
      heroAlt: z.string().min(10),
      intro: z.string().min(50),
    }),
});

export const collections = { articles };
