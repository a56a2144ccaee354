// Featured Spaces on the home page (spec 2.4): rendered on the server with the page (no client directive:
// no JavaScript, in the HTML for visitors and search engines, nothing moves when it appears). The page
// reads up to six featured listings (GET /api/spaces?featured=true through Astro.locals) and passes them
// in; with none the section is left out.
import type { Space } from '#contracts/spaces.schemas';
import { formatPrice, formatSize } from '../../../lib/display/space-display';
import { OwnerRating } from '../shared/OwnerRating';
import { SpaceImage } from '../shared/SpaceImage';

export default function FeaturedSpaces({ spaces }: { spaces: Space[] }) {
  if (spaces.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="container-page py-16" data-featured-spaces="ready">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-title" className="text-3xl font-bold tracking-tight text-ink">
            Featured Spaces
          </h2>
          <p className="mt-2 text-muted">Premium listings promoted by their owners.</p>
        </div>
        <a href="/spaces" className="btn-outline">
          View All Spaces
        </a>
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {spaces.map((space) => (
          <FeaturedCard key={space.id} space={space} />
        ))}
      </ul>
    </section>
  );
}

function FeaturedCard({ space }: { space: Space }) {
  return (
    <li className="card group relative flex flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-gradient-to-br from-brand-100 to-brand-200">
        <SpaceImage space={space} className="h-full w-full object-cover" sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
        <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-amber-950">Featured</span>
        <span className="absolute top-3 right-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-ink capitalize">{space.spaceType}</span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg leading-snug font-semibold text-ink">
            <a href={`/spaces/${space.id}`} className="after:absolute after:inset-0 group-hover:text-brand-800 group-hover:underline" title={space.title}>
              <span className="line-clamp-2 wrap-anywhere">{space.title}</span>
            </a>
          </h3>
          <OwnerRating space={space} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {space.city}
          {space.country ? `, ${space.country}` : ''} · {formatSize(space.size)}
        </p>
        <p className="mt-auto pt-4 text-lg font-bold text-ink">
          {formatPrice(space.pricePerMonth, space.currency)}
          <span className="text-sm font-normal text-muted">/month</span>
        </p>
      </div>
    </li>
  );
}
