// A person's history for the console (issue 19): account age, state, listings, payments (with refunds)
// and earlier reports, with the actions that fit.
import type { UserHistory } from '#contracts/moderation';
import { ActionButton, refundAction, spaceActions, userActions } from './ActionDialog';

const day = (iso: string) => iso.slice(0, 10);

/** `report`: the report this history is shown for (its dialogs name it). */
export function UserHistoryView({ user, report }: { user: UserHistory; report?: number }) {
  const ageDays = Math.max(0, Math.floor((Date.now() - Date.parse(user.createdAt)) / 86_400_000));
  return (
    <div className="flex flex-col gap-3" data-user-history={user.id}>
      <p className="text-sm text-ink">
        <strong>{user.name || '(no name)'}</strong> · {user.email} · account #{user.id}, {ageDays} days old · {user.verified ? 'verified' : 'not verified'}
        {user.suspendedAt && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Suspended</span>}
        {user.closedAt && (
          <span className="ml-2 rounded-full bg-line/60 px-2 py-0.5 text-xs font-semibold text-ink" data-account-closed>
            Closed by the holder on {day(user.closedAt)}
          </span>
        )}
        {user.lockedUntil && <span className="ml-2 rounded-full bg-line/60 px-2 py-0.5 text-xs font-semibold text-ink">Locked until {user.lockedUntil.slice(11, 16)} UTC</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {userActions(user).map((a) => (
          <ActionButton key={a.label} action={a} report={report} />
        ))}
      </div>
      <h4 className="text-sm font-semibold text-ink">Listings ({user.listings.length})</h4>
      <ul className="flex flex-col gap-1 text-sm">
        {user.listings.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2">
            <a className="underline" href={`/spaces/${s.id}`}>
              #{s.id} {s.title}
            </a>
            <span className="text-muted">{s.status}</span>
            {spaceActions(s).map((a) => (
              <ActionButton key={a.label} action={a} report={report} />
            ))}
          </li>
        ))}
      </ul>
      <h4 className="text-sm font-semibold text-ink">Payments ({user.payments.length})</h4>
      <ul className="flex flex-col gap-1 text-sm">
        {user.payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2">
            <span>
              #{p.id} ${p.amount} {p.spaceTitle ? `for "${p.spaceTitle}"` : ''} · {p.refundedAt ? `refunded ${day(p.refundedAt)}` : p.status}
              {p.paidAt ? ` · paid ${day(p.paidAt)}` : ''}
            </span>
            {p.status === 'succeeded' && !p.refundedAt && <ActionButton action={refundAction(p.id)} report={report} />}
          </li>
        ))}
      </ul>
      <h4 className="text-sm font-semibold text-ink">Reports about this person ({user.reports.length})</h4>
      <ul className="text-sm">
        {user.reports.map((r) => (
          <li key={r.id}>
            #{r.id} {r.reason} · {r.status} · {day(r.createdAt)}
          </li>
        ))}
      </ul>
    </div>
  );
}
