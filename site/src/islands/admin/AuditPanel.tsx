// The audit log with filters (issue 19): action, target type and id; newest first, 50 at a time.
import { useState } from 'react';
import type { AuditEntry } from '#contracts/moderation';
import { AuditList } from './AuditList';
import { useApiData } from '../shared/use-api-data';

const TARGETS = ['', 'space', 'user', 'report', 'payment', 'coupon', 'email'];

export function AuditPanel() {
  const [filters, setFilters] = useState({ action: '', targetType: '', targetId: '' });
  const [applied, setApplied] = useState(filters);
  const query = new URLSearchParams(Object.entries(applied).filter(([, v]) => v !== '')).toString();
  const { data, error, loading } = useApiData<AuditEntry[]>(`/api/admin/audit${query ? `?${query}` : ''}`);
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filters);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Action
          <input className="rounded-lg border px-3 py-2" placeholder="space.hide" value={filters.action} onChange={(e) => setFilters({ ...filters, action: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Target type
          <select className="rounded-lg border px-3 py-2" value={filters.targetType} onChange={(e) => setFilters({ ...filters, targetType: e.target.value })}>
            {TARGETS.map((t) => (
              <option key={t} value={t}>
                {t || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Target id
          <input className="w-28 rounded-lg border px-3 py-2" inputMode="numeric" value={filters.targetId} onChange={(e) => setFilters({ ...filters, targetId: e.target.value })} />
        </label>
        <button type="submit" className="btn-primary px-4 py-2">
          Filter
        </button>
      </form>
      {loading && !data && <p role="status">Loading…</p>}
      {error && <p className="text-[var(--color-danger)]">{error}</p>}
      {data && <AuditList entries={data} caption="Audit log" />}
    </div>
  );
}
