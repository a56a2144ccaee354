// Search users and listings by e-mail, name, title or id (issue 19); open any listing or person.
import { useState } from 'react';
import type { ListingStats } from '#contracts/listing-stats';
import type { AuditEntry, UserHistory } from '#contracts/moderation';
import type { OwnSpace } from '#contracts/spaces.schemas';
import { formatPrice } from '../../lib/display/space-display';
import { ActionButton, spaceActions } from './ActionDialog';
import { AuditList } from './AuditList';
import { UserHistoryView } from './UserHistoryView';
import { useApiData } from '../shared/use-api-data';

type Found = {
  users: Array<{ id: number; email: string; name: string; suspended: boolean }>;
  spaces: Array<{ id: number; title: string; city: string; status: string }>;
};
type Opened = { kind: 'user'; id: number } | { kind: 'space'; id: number } | null;

function SpaceDetail({ id }: { id: number }) {
  const { data, error } = useApiData<{ space: OwnSpace & { deleted: boolean }; owner: UserHistory | null; history: AuditEntry[]; stats: ListingStats }>(`/api/admin/spaces/${id}`);
  if (error) return <p className="text-[var(--color-danger)]">{error}</p>;
  if (!data) return <p role="status">Loading…</p>;
  const { space } = data;
  const status = space.deleted ? 'deleted' : space.status;
  return (
    <div className="card flex flex-col gap-3 p-5" data-admin-space={id}>
      <h3 className="text-base font-semibold">
        #{space.id} {space.title} <span className="text-sm font-normal text-muted">({status})</span>
      </h3>
      <p className="text-sm">
        {space.location} · {formatPrice(space.pricePerMonth, space.currency)}/month · {space.size} sq ft · {space.spaceType}
      </p>
      <p className="whitespace-pre-line text-sm text-ink">{space.description}</p>
      {space.hiddenReason && <p className="text-sm">Hidden because: {space.hiddenReason}</p>}
      <p className="text-sm">
        Page views {data.stats.pageViews.reduce((a, b) => a + b, 0)} · card opens {data.stats.cardOpens.reduce((a, b) => a + b, 0)} · inquiries{' '}
        {data.stats.inquiries.reduce((a, b) => a + b, 0)}
      </p>
      <div className="flex flex-wrap gap-2">
        {spaceActions({ id, status, title: space.title }).map((a) => (
          <ActionButton key={a.label} action={a} />
        ))}
      </div>
      <AuditList entries={data.history} caption="History of this listing" />
      {data.owner && (
        <>
          <h4 className="text-sm font-semibold">Owner</h4>
          <UserHistoryView user={data.owner} />
        </>
      )}
    </div>
  );
}

function UserDetail({ id }: { id: number }) {
  const { data, error } = useApiData<UserHistory & { history: AuditEntry[] }>(`/api/admin/users/${id}`);
  if (error) return <p className="text-[var(--color-danger)]">{error}</p>;
  if (!data) return <p role="status">Loading…</p>;
  return (
    <div className="card flex flex-col gap-3 p-5">
      <UserHistoryView user={data} />
      <AuditList entries={data.history} caption="History of this account" />
    </div>
  );
}

export function SearchPanel() {
  const [q, setQ] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened>(null);
  const { data, error, loading } = useApiData<Found>(submitted ? `/api/admin/search?q=${encodeURIComponent(submitted)}` : null);
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim()) setSubmitted(q.trim());
        }}
      >
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium text-ink">
          E-mail, name, title or id
          <input className="rounded-lg border px-3 py-2 text-base" type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className="btn-primary px-4 py-2">
          Search
        </button>
      </form>
      {loading && <p role="status">Searching…</p>}
      {error && <p className="text-[var(--color-danger)]">{error}</p>}
      {data && (
        <div className="grid gap-4 md:grid-cols-2">
          <section>
            <h3 className="font-semibold">People ({data.users.length})</h3>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {data.users.map((u) => (
                <li key={u.id}>
                  <button type="button" className="text-left underline" onClick={() => setOpened({ kind: 'user', id: u.id })}>
                    #{u.id} {u.name || '(no name)'} · {u.email}
                    {u.suspended ? ' · suspended' : ''}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="font-semibold">Listings ({data.spaces.length})</h3>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {data.spaces.map((s) => (
                <li key={s.id}>
                  <button type="button" className="text-left underline" onClick={() => setOpened({ kind: 'space', id: s.id })}>
                    #{s.id} {s.title} · {s.city} · {s.status}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {opened?.kind === 'space' && <SpaceDetail key={`s${opened.id}`} id={opened.id} />}
      {opened?.kind === 'user' && <UserDetail key={`u${opened.id}`} id={opened.id} />}
    </div>
  );
}

export { SpaceDetail };
