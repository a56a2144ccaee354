// The filter panel of Browse Spaces: the growing-system picker, then one control per registry filter
// (filter-fields.tsx) in its group, in registry order. On small screens the panel folds away so the
// results come first.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SPACE_FILTER_NAMES } from '#contracts/space-filters';
import { useHydratedStore } from '../../../lib/stores/use-hydrated-store';
import { $draft, $draftErrors, activeFilterCount, EMPTY_FILTERS, clearFilters, hasFilters, updateFilters } from '../../../lib/stores/browse-store';
import { $growingSystem, pickGrowingSystem } from '../../../lib/stores/growing-store';
import { Field } from '../../shared/FormField';
import { HydrationGate } from '../../shared/HydrationGate';
import { SystemPicker } from '../shared/GrowingFit';
import { FILTER_CONTROLS, FILTER_GROUPS, type FilterControlProps } from './filter-fields';

const NO_ERRORS = {};

export function FilterForm() {
  const draft = useHydratedStore($draft, EMPTY_FILTERS);
  const errors = useHydratedStore($draftErrors, NO_ERRORS);
  const systemId = useStore($growingSystem);
  const [open, setOpen] = useState(false);
  const props: FilterControlProps = { draft, errors, update: updateFilters };
  const active = activeFilterCount(draft);

  return (
    <form role="search" aria-label="Filter spaces" className="card h-fit p-5 lg:sticky lg:top-20" onSubmit={(e) => e.preventDefault()}>
      <HydrationGate>
        <div className="flex items-center justify-between">
          <h2 className="text-base font-semibold text-ink">
            <button type="button" className="flex items-center gap-2 lg:pointer-events-none" aria-expanded={open} aria-controls="filter-fields" onClick={() => setOpen((o) => !o)}>
              Filters
              {active > 0 && <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white" data-filter-count>{active}</span>}
              <svg viewBox="0 0 24 24" className={`h-4 w-4 transition-transform lg:hidden ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
                <path d="m6 9 6 6 6-6" />
              </svg>
            </button>
          </h2>
          {hasFilters(draft) && (
            <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={clearFilters}>
              Clear Filters
            </button>
          )}
        </div>
        <div id="filter-fields" className={`mt-5 space-y-5 ${open ? '' : 'hidden lg:block'}`}>
          <Field label="Your growing system" id="filter-system" hint="Shows how well each space fits it.">
            <SystemPicker id="filter-system" value={systemId} onChange={(id) => void pickGrowingSystem(id)} />
          </Field>
          {FILTER_GROUPS.map((group) => {
            const controls = SPACE_FILTER_NAMES.filter((name) => FILTER_CONTROLS[name].group === group.id).map((name) => {
              const { Control, half } = FILTER_CONTROLS[name];
              return (
                <div key={name} className={`${half ? '' : 'col-span-2'} empty:hidden`} data-filter={name}>
                  <Control {...props} />
                </div>
              );
            });
            const grid = <div className={`grid grid-cols-2 gap-x-3 ${group.legend ? 'gap-y-4' : 'gap-y-5'}`}>{controls}</div>;
            return group.legend ? (
              <fieldset key={group.id}>
                <legend className="text-sm font-medium text-ink">{group.legend}</legend>
                <div className="mt-3">{grid}</div>
              </fieldset>
            ) : (
              <div key={group.id}>{grid}</div>
            );
          })}
        </div>
      </HydrationGate>
    </form>
  );
}
