// One dialog for every operator action (issue 19): the action's name, what it does, a required reason
// (kept in the audit log; where the person is told, sent to them), and for a refund whether the listing
// stays published, in the one FormDialog: focus trapped, Escape closes, the title names the action.
import { useId, useState, type ReactNode } from 'react';
import { ACTION_REASON_MAX, MODERATION_MESSAGES } from '#contracts/moderation';
import { errorMessage } from '../../lib/api/api-client';
import { runAdminAction } from '../../lib/stores/admin-store';
import { showToast } from '../../lib/stores/toast-store';
import { LengthCounter } from '../shared/FormField';
import { FormDialog } from '../shared/FormDialog';

export type AdminAction = { label: string; path: string; explain: string; refund?: boolean; danger?: boolean };

export function ActionButton({ action, children }: { action: AdminAction; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [keepPublished, setKeepPublished] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(MODERATION_MESSAGES.reasonRequired);
    if (reason.trim().length > ACTION_REASON_MAX) return setError(MODERATION_MESSAGES.reasonTooLong);
    setBusy(true);
    try {
      await runAdminAction(action.path, { reason, ...(action.refund && { keepPublished }) });
      showToast({ title: `${action.label}: done` });
      setOpen(false);
      setReason('');
    } catch (e) {
      setError(errorMessage(e, `${action.label} failed`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (setOpen(o), setError(undefined))}
      trigger={
        <button type="button" className={action.danger ? 'btn-outline border-red-700 px-3 py-1.5 text-red-800' : 'btn-outline px-3 py-1.5'} data-admin-action={action.label}>
          {children ?? action.label}
        </button>
      }
      title={action.label}
      description={action.explain}
      onSubmit={submit}
      submitLabel={action.label}
      pending={busy}
      error={error}
      errorId={`${id}-error`}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-ink">
          Reason (required)
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          className="min-h-24 w-full rounded-lg border px-3 py-2 text-base text-ink"
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-count` : `${id}-count`}
          onChange={(e) => setReason(e.target.value)}
        />
        <LengthCounter id={`${id}-count`} name="reason" length={reason.length} max={ACTION_REASON_MAX} />
      </div>
      {action.refund && (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" checked={keepPublished} onChange={(e) => setKeepPublished(e.target.checked)} />
          Keep the listing published (a refunded listing fee unpublishes it otherwise)
        </label>
      )}
    </FormDialog>
  );
}

/** The actions that make sense for a listing in its state. */
export function spaceActions(space: { id: number; status: string }): AdminAction[] {
  const list: AdminAction[] = [];
  if (space.status === 'hidden') list.push({ label: 'Unhide listing', path: `/api/admin/spaces/${space.id}/unhide`, explain: 'The listing becomes visible again as it was; the owner is e-mailed.' });
  else if (space.status !== 'deleted') list.push({ label: 'Hide listing', path: `/api/admin/spaces/${space.id}/hide`, explain: 'The listing leaves browse, its page and alerts at once. The owner is e-mailed the reason and how to appeal.', danger: true });
  if (space.status === 'in_review') list.push({ label: 'Approve listing', path: `/api/admin/spaces/${space.id}/approve`, explain: 'The listing goes live for 30 days from now; the owner is e-mailed.' });
  return list;
}

export function reviewAction(review: { id: number; hidden: boolean }): AdminAction {
  return review.hidden
    ? { label: 'Unhide review', path: `/api/admin/reviews/${review.id}/unhide`, explain: 'The review counts and shows again on the profile.' }
    : { label: 'Hide review', path: `/api/admin/reviews/${review.id}/hide`, explain: 'The review leaves the profile and the rating at once. Its author is e-mailed the reason and how to appeal.', danger: true };
}

export function userActions(user: { id: number; suspendedAt: string | null; lockedUntil: string | null; closedAt?: string | null }): AdminAction[] {
  const list: AdminAction[] = [];
  // A closed account (issue 28) cannot sign in again: there is nothing to suspend, reinstate or unlock.
  if (user.closedAt) return list;
  if (user.suspendedAt) list.push({ label: 'Reinstate account', path: `/api/admin/users/${user.id}/reinstate`, explain: 'The person can sign in again; listings hidden with the suspension come back.' });
  else list.push({ label: 'Suspend account', path: `/api/admin/users/${user.id}/suspend`, explain: 'Signs the person out everywhere at once, hides their listings, stops sign-in and messages. They are e-mailed the reason and how to appeal.', danger: true });
  if (user.lockedUntil) list.push({ label: 'Unlock account', path: `/api/admin/users/${user.id}/unlock`, explain: 'Ends the sign-in lockout now.' });
  return list;
}

export function refundAction(paymentId: number): AdminAction {
  return { label: 'Refund payment', path: `/api/admin/payments/${paymentId}/refund`, explain: 'Gives the whole amount back through the payment provider. A refunded listing fee unpublishes its listing unless you keep it.', refund: true, danger: true };
}
