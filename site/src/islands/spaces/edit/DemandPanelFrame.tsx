// The demand panel's frame (heading, note, and the room its figures take), apart from the panel's code: the
// list-space form shows it while the panel loads on demand, so the form below does not move when the panel
// and then its figures arrive (docs/decisions/1601).
import type { ReactNode } from 'react';

/** The height of the shortest answer (two sentences of figures), measured: 362 px on a 390 px phone, 234 px at 1280 px. */
const RESERVED_HEIGHT = 'min-h-[23rem] sm:min-h-[15rem]';

export function DemandPanelFrame({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <aside className={`rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-ink sm:p-5 ${RESERVED_HEIGHT}`} aria-live="polite" aria-busy={busy} data-demand-panel>
      <h2 className="text-base font-semibold">Farmers looking for a space like this</h2>
      {children}
      <p className="mt-3 text-xs text-muted">From farmers’ saved searches, never a person: counts under 5 are not shown.</p>
    </aside>
  );
}

/** What the frame says until the figures come. */
export function DemandCounting() {
  return <p className="mt-2 text-muted">Counting the farmers’ saved searches…</p>;
}

/** The rent field's hint, its two lines held while the budget range is loading or absent (a range and its median wrap in a half-width column). */
export function PriceHintLine({ children }: { children?: ReactNode }) {
  return (
    <span className="block min-h-8 text-brand-800" data-demand-price-hint={children ? '' : undefined}>
      {children}
    </span>
  );
}
