// The RSS feed of the built-in articles, newest first. New MDX files appear here with no other edit.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { articlePath, getArticles } from '../lib/content/articles';
import { SITE_NAME } from '../lib/content/site';

export async function GET(context: APIContext) {
  const articles = await getArticles();
  return rss({
    title: `${SITE_NAME} Resources`,
    description: 'Guides, market insights and legal basics for urban farmers and owners of unused urban spaces.',
    site: context.site ?? 'http://localhost:4321',
    items: articles.map((a) => ({
      title: a.data.title,
      description: a.data.description,
      pubDate: a.data.date,
      link: articlePath(a.id),
      categories: [a.data.category],
    })),
    customData: '<language>en-us</language>',
    // The site serves URLs without a trailing slash (astro.config.mjs trailingSlash: 'never').
    trailingSlash: false,
  });
}
