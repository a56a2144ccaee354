// The jobs (issue 31): each background job as the answering instance runs it — last run, runs and failures
// with the last error, the rows waiting for it and the oldest one's age — and the items a job gave up on
// (e-mails the mail server refused), each to retry or drop with a reason (audited).
import type { AdminJob, AdminJobsResponse } from '#contracts/moderation';
import { refreshAdminJobs } from '../../lib/stores/admin-store';
import { ActionButton } from './ActionDialog';
import { useApiData } from '../shared/use-api-data';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

function lag(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function FailedItems({ job }: { job: AdminJob }) {
  if (!job.failed?.total) return null;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby={`failed-${job.name}`} data-failed-items={job.name}>
      <h3 id={`failed-${job.name}`} className="font-semibold text-ink">
        {job.name}: {job.failed.total} failed {job.failed.total === 1 ? 'item' : 'items'}
        {job.failed.total > job.failed.items.length && <span className="font-normal text-muted"> (the newest {job.failed.items.length} shown)</span>}
      </h3>
      <ul className="flex flex-col gap-3">
        {job.failed.items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 border-t border-line pt-3 text-sm" data-failed-item={item.id}>
            <span className="text-ink">{item.label}</span>
            <span className="text-muted">
              Queued {when(item.queuedAt)} · {item.attempts} {item.attempts === 1 ? 'attempt' : 'attempts'} · last error: {item.lastError ?? 'none recorded'}
            </span>
            <span className="flex flex-wrap gap-2">
              <ActionButton action={{ label: 'Retry item', target: `${item.label} (item #${item.id} of ${job.name})`, path: `/api/admin/jobs/${job.name}/items/${item.id}/retry`, explain: 'Puts it back in line with all its attempts; the job sends it within seconds.' }} />
              <ActionButton action={{ label: 'Drop item', target: `${item.label} (item #${item.id} of ${job.name})`, path: `/api/admin/jobs/${job.name}/items/${item.id}/drop`, explain: 'Removes it from the queue for good; the audit log keeps what it was.', danger: true }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function JobsPanel() {
  const { data, error, loading } = useApiData<AdminJobsResponse>('/api/admin/jobs');
  if (error) return <p className="text-[var(--color-danger)]">{error}</p>;
  if (!data) return <p role="status">Loading the jobs…</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <p>
          As this instance ran them since {when(data.instanceStartedAt)}; the waiting rows are the whole database&apos;s.
        </p>
        <button type="button" className="btn-outline px-3 py-1.5" onClick={refreshAdminJobs} disabled={loading}>
          Refresh
        </button>
      </div>
      {!data.jobs.length && <p className="text-muted">This instance runs no background jobs.</p>}
      {data.jobs.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Background jobs</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">Job</th>
                <th scope="col" className="py-2 pr-4">Last run</th>
                <th scope="col" className="py-2 pr-4">Runs</th>
                <th scope="col" className="py-2 pr-4">Failures</th>
                <th scope="col" className="py-2 pr-4">Waiting</th>
                <th scope="col" className="py-2 pr-4">Lag</th>
                <th scope="col" className="py-2">Last error</th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((job) => (
                <tr key={job.name} className="border-b border-line align-top" data-job={job.name}>
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {job.name}
                    {job.running && <span className="ml-2 text-xs font-normal text-muted">running</span>}
                  </th>
                  <td className="py-2 pr-4">{when(job.lastRunAt)}</td>
                  <td className="py-2 pr-4">{job.runs}</td>
                  <td className="py-2 pr-4">
                    {job.failures}
                    {job.failed?.total ? <span className="block text-xs text-[var(--color-danger)]">{job.failed.total} failed {job.failed.total === 1 ? 'item' : 'items'}</span> : null}
                  </td>
                  <td className="py-2 pr-4">{job.backlog ?? '—'}</td>
                  <td className="py-2 pr-4">{lag(job.lagSeconds)}</td>
                  <td className="py-2">{job.lastError ? `${job.lastError} (${when(job.lastFailureAt)})` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.jobs.map((job) => (
        <FailedItems key={job.name} job={job} />
      ))}
    </div>
  );
}
