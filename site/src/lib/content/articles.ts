// The built-in MDX articles as the rest of the site reads them: published order, newest first.
import { getCollection, type CollectionEntry } from 'astro:content';

export type Article = CollectionEntry<'articles'>;

/** All articles, newest first (ties broken by title so the order is stable). */
export async function getArticles(): Promise<Article[]> {
  const articles = await getCollection('articles');
  return articles.sort((a: Article, b: Article) => b.data.date.getTime() - a.data.date.getTime() || a.data.title.localeCompare(b.data.title));
}

export function articlePath(slug: string): string {
  return `/articles/${slug}`;
}

/** The fixed article each Resources category link leads to (spec 2.13: "four category links to fixed articles"). */
export const CATEGORY_LINKS = [
  { category: 'Market Insights', slug: '10-cities-urban-farming-revolution', blurb: 'Cities, markets and the numbers behind urban farming.' },
  { category: 'Legal & Contracts', slug: 'farm-space-lease-agreement-guide', blurb: 'Lease terms, insurance and a sample template.' },
  { category: 'Farming Techniques', slug: 'maximizing-yield-small-vertical-spaces', blurb: 'Grow more per square foot, all year.' },
  { category: 'Getting Started', slug: 'lease-space-vertical-farming-5-steps', blurb: 'From the first search to the first harvest.' },
] as const;
