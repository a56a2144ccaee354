// Featured Spaces as the server renders it into the home page: left out when nothing is featured,
// otherwise one card per listing linking to its page.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Space } from '#contracts/spaces.schemas';
import FeaturedSpaces from './FeaturedSpaces';

const space = (id: number) => ({ id, title: `Roof <${id}>`, city: 'Austin', country: 'US', size: 1200, pricePerMonth: '1500.00', spaceType: 'rooftop', images: [], isFeatured: true, featuredUntil: '2030-01-01' }) as unknown as Space;

describe('FeaturedSpaces (server-rendered)', () => {
  it('renders nothing at all when no space is featured', () => {
    expect(renderToStaticMarkup(<FeaturedSpaces spaces={[]} />)).toBe('');
  });

  it('renders a card per space with its link, the title as text (never markup) and the fallback picture', () => {
    const html = renderToStaticMarkup(<FeaturedSpaces spaces={[space(3), space(4)]} />);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('href="/spaces/3"');
    expect(html).toContain('Roof &lt;3&gt;');
    expect(html).toContain('src="/images/spaces/fallback-');
    expect(html).not.toContain('<astro-island');
  });
});
