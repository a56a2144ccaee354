// The listing's small badges (Featured, its type), on cards and in the detail: a module of their own so a
// card does not import the whole detail (which loads only when a card is opened, issue 32).
import { SPACE_TYPE_LABELS } from '../../../lib/display/space-display';

export function FeaturedBadge() {
  return <span className="inline-flex items-center rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-bold text-amber-950">Featured</span>;
}

export function TypeBadge({ spaceType }: { spaceType: string }) {
  return <span className="inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">{SPACE_TYPE_LABELS[spaceType] ?? spaceType}</span>;
}
