// Audit entries as a table (issue 19): when, who, what, on what, why. Shared by the audit screen and each
// target's history.
import type { AuditEntry } from '#contracts/moderation';

export function AuditList({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  if (!entries.length) return <p className="text-sm text-muted">{caption}: nothing recorded.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-3">When (UTC)</th>
            <th scope="col" className="py-1 pr-3">Who</th>
            <th scope="col" className="py-1 pr-3">Action</th>
            <th scope="col" className="py-1 pr-3">Target</th>
            <th scope="col" className="py-1">Reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b align-top" data-audit-action={e.action}>
              <td className="whitespace-nowrap py-1 pr-3">{e.createdAt.slice(0, 16).replace('T', ' ')}</td>
              <td className="py-1 pr-3">{e.actor}</td>
              <td className="py-1 pr-3">{e.action}</td>
              <td className="py-1 pr-3">
                {e.targetType} #{e.targetId}
              </td>
              <td className="py-1">{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
