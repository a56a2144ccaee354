// The queue (issue 19): open reports, oldest first, each with the target, the reporter's words, the
// person's history, the conversation when one was reported, and the actions.
import { REPORT_REASON_LABELS, type QueueItem } from '#contracts/moderation';
import { ActionButton, reviewAction, spaceActions } from './ActionDialog';
import { AuditList } from './AuditList';
import { UserHistoryView } from './UserHistoryView';
import { useApiData } from '../shared/use-api-data';

export function ReportsPanel() {
  const { data, error, loading } = useApiData<QueueItem[]>('/api/admin/reports');
  if (loading && !data) return <p role="status" className="text-muted">Loading reports…</p>;
  if (error) return <p className="text-[var(--color-danger)]">{error}</p>;
  if (!data?.length) return <p className="text-muted">No open reports.</p>;
  return (
    <ol className="flex flex-col gap-4">
      {data.map((r) => (
        <li key={r.id} className="card flex flex-col gap-3 p-5" data-report={r.id}>
          <h3 className="text-base font-semibold text-ink">
            {REPORT_REASON_LABELS[r.reason]}: {r.target.label}
          </h3>
          <p className="text-sm text-muted">
            Report #{r.id} by {r.reporter.name || r.reporter.email} ({r.reporter.email}) on {r.createdAt.slice(0, 10)} · {r.target.type} #{r.target.id}
          </p>
          {r.details && <blockquote className="border-l-4 border-line pl-3 text-sm text-ink">{r.details}</blockquote>}
          {r.space && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <a className="underline" href={`/spaces/${r.space.id}`}>
                Open the listing
              </a>
              <span className="text-muted">status: {r.space.status}</span>
              {spaceActions(r.space).map((a) => (
                <ActionButton key={a.label} action={a} report={r.id} />
              ))}
            </div>
          )}
          {r.review && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <blockquote className="w-full border-l-4 border-line pl-3 text-ink">
                {r.review.rating} of 5 stars: {r.review.text}
              </blockquote>
              <span className="text-muted">{r.review.hidden ? 'hidden' : 'published'}</span>
              <ActionButton action={reviewAction(r.review)} report={r.id} />
            </div>
          )}
          {r.conversation && (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">The reported conversation ({r.conversation.length} messages)</summary>
              <ul className="mt-2 flex flex-col gap-1">
                {r.conversation.map((m) => (
                  <li key={m.id}>
                    <span className="text-muted">
                      {m.senderId === r.subject?.id ? 'Reported person' : 'Reporter'} · {m.createdAt.slice(0, 16).replace('T', ' ')}:
                    </span>{' '}
                    {m.content}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {r.subject && (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">The person reported: history and actions</summary>
              <div className="mt-2">
                <UserHistoryView user={r.subject} report={r.id} />
              </div>
            </details>
          )}
          <AuditList entries={r.history} caption="Earlier actions on this target" />
          <div>
            <ActionButton action={{ label: 'Dismiss report', target: `report #${r.id} (${REPORT_REASON_LABELS[r.reason]}: ${r.target.label})`, path: `/api/admin/reports/${r.id}/dismiss`, explain: 'Closes the report without acting on the target.' }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
