// Listings waiting for approval (LISTING_REVIEW=before), oldest first (issue 19).
import { ActionButton, spaceActions } from './ActionDialog';
import { useApiData } from '../shared/use-api-data';

export function ReviewPanel() {
  const { data, error, loading } = useApiData<Array<{ id: number; title: string; city: string; since: string; status: string }>>('/api/admin/review');
  if (loading && !data) return <p role="status">Loading…</p>;
  if (error) return <p className="text-[var(--color-danger)]">{error}</p>;
  if (!data?.length) return <p className="text-muted">No listing is waiting for review.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {data.map((s) => (
        <li key={s.id} className="card flex flex-wrap items-center gap-3 p-4">
          <a className="font-semibold underline" href={`/spaces/${s.id}`}>
            #{s.id} {s.title}
          </a>
          <span className="text-sm text-muted">
            {s.city} · waiting since {s.since.slice(0, 10)}
          </span>
          {spaceActions(s).map((a) => (
            <ActionButton key={a.label} action={a} />
          ))}
        </li>
      ))}
    </ul>
  );
}
