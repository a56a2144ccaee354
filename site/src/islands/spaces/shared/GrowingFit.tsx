// Growing suitability on a card and in the pickers: the fit badge, the card's one-line summary and the
// growing-system picker. The detail's fit with reasons, yield and facts are in GrowingFitDetails.tsx.
// Reads contracts/growing.ts only (no zod).
import { computeFit, FIT_LABELS, GROWING_SYSTEMS, type Fit, type FitLevel, type GrowingSystem, type GrowingSystemId } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';

export const fitOf = (system: GrowingSystem, space: Space): Fit => computeFit(system, { ...space, sizeSqFt: space.size });

const BADGE: Record<FitLevel, string> = {
  good: 'bg-brand-700 text-white',
  possible: 'bg-amber-200 text-amber-950',
  not_suitable: 'bg-red-100 text-red-900',
};

export function FitBadge({ level }: { level: FitLevel }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${BADGE[level]}`} data-fit={level}>{FIT_LABELS[level]}</span>;
}

/** The card's line: the badge and the first reason that keeps it from a better level. */
export function FitSummary({ fit, system }: { fit: Fit; system: GrowingSystem }) {
  const limiting = fit.reasons.find((r) => r.level === fit.level) ?? fit.reasons[0];
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-soil-50 px-3 py-2 text-xs" data-testid="fit-summary">
      <span className="flex items-center gap-2">
        <FitBadge level={fit.level} />
        <span className="text-muted">for {system.name}</span>
      </span>
      {limiting && <span className="text-ink">{limiting.text}</span>}
    </div>
  );
}

export function SystemPicker({ value, onChange, id = 'growing-system' }: { value: GrowingSystemId | null; onChange: (id: GrowingSystemId | null) => void; id?: string }) {
  return (
    <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as GrowingSystemId | null)}>
      <option value="">No system picked</option>
      {GROWING_SYSTEMS.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
