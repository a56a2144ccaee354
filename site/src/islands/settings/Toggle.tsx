// A settings switch with its label and description (Notifications and Preferences).
import { useId } from 'react';

/** Shown under settings that are stored but that nothing reads yet (docs/accounts.md: "Settings saved for later"). */
const SAVED_FOR_LATER = 'Saved for later: FarmSpace does not use this setting yet.';

export function Toggle({ label, description, checked, onChange, savedForLater = false }: { label: string; description: string; checked: boolean; onChange(value: boolean): void; savedForLater?: boolean }) {
  // useId, not the label: ids with spaces break aria-labelledby (it is a list of ids).
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 border-b border-line py-4 last:border-b-0">
      <div>
        <p className="font-medium text-ink" id={`${id}-label`}>
          {label}
        </p>
        <p className="text-sm text-muted" id={`${id}-description`}>
          {description}
          {savedForLater && <span className="mt-1 block text-xs font-medium text-ink">{SAVED_FOR_LATER}</span>}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onClick={() => onChange(!checked)}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${checked ? 'bg-brand-700' : 'bg-gray-300'}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}
