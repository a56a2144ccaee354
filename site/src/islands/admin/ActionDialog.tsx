// One dialog for every operator action (issue 19): the action's name, what it does, a required reason
// (kept in the audit log; where the person is told, sent to them), and for a refund whether the listing
// stays published, in the one FormDialog: focus trapped, Escape closes, the title names the action.
// The dialog names its target (issue 43 item 5): the account or listing by name and id, and the report the
// button sits in; what it sends is fixed when it opens, so a queue that moves meanwhile never retargets it.
import { useId, useState, type ReactNode } from 'react';
import { ACTION_REASON_MAX, MODERATION_MESSAGES } from '#contracts/moderation';
import { errorMessage } from '../../lib/api/api-client';
import { runAdminAction } from '../../lib/stores/admin-store';
import { showToast } from '../../lib/stores/toast-store';
import { LengthCounter } from '../shared/FormField';
import { FormDialog } from '../shared/FormDialog';

/** target: whom or what the action is for, by name and id ("Bea Later (account #12)"). */
export type AdminAction = { label: string; path: string; explain: string; target: string; refund?: boolean; danger?: boolean };

/** `report`: the report whose row the button sits in, named in the dialog beside the target. */
export function ActionButton({ action, report, children }: { action: AdminAction; report?: number; children?: ReactNode }) {
  // What the open dialog acts on: fixed when it opens, whatever the rows around it become meanwhile.
  const [opened, setOpened] = useState<{ action: AdminAction; report?: number } | null>(null);
  const open = opened !== null;
  const shown = opened ?? { action, report };
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
      await runAdminAction(shown.action.path, { reason, ...(shown.action.refund && { keepPublished }) });
      showToast({ title: `${shown.action.label}: done`, description: shown.action.target });
      setOpened(null);
      setReason('');
    } catch (e) {
      setError(errorMessage(e, `${shown.action.label} failed`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (setOpened(o ? { action, report } : null), setError(undefined))}
      trigger={
        <button type="button" className={action.danger ? 'btn-outline border-red-700 px-3 py-1.5 text-red-800' : 'btn-outline px-3 py-1.5'} data-admin-action={action.label}>
          {children ?? action.label}
        </button>
      }
      title={shown.action.label}
      description={shown.action.explain}
      before={
        <p className="mt-3 rounded-lg border border-line bg-soil-50 px-3 py-2 text-sm wrap-anywhere text-ink" data-action-target>
          For <strong>{shown.action.target}</strong>
          {shown.report !== undefined && <>, from report #{shown.report}</>}
        </p>
      }
      onSubmit={submit}
      submitLabel={shown.action.label}
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
      {shown.action.refund && (
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" checked={keepPublished} onChange={(e) => setKeepPublished(e.target.checked)} />
          Keep the listing published (a refunded listing fee unpublishes it otherwise)
        </label>
      )}
    </FormDialog>
  );
}

/** The actions that make sense for a listing in its state. */
export function spaceActions(space: { id: number; status: string; title: string }): AdminAction[] {
  const list: AdminAction[] = [];
  const target = `"${space.title}" (listing #${space.id})`;
  if (space.status === 'hidden') list.push({ label: 'Unhide listing', target, path: `/api/admin/spaces/${space.id}/unhide`, explain: 'The listing becomes visible again as it was; the owner is e-mailed.' });
  else if (space.status !== 'deleted') list.push({ label: 'Hide listing', target, path: `/api/admin/spaces/${space.id}/hide`, explain: 'The listing leaves browse, its page and alerts at once. The owner is e-mailed the reason and how to appeal.', danger: true });
  if (space.status === 'in_review') list.push({ label: 'Approve listing', target, path: `/api/admin/spaces/${space.id}/approve`, explain: 'The listing goes live for 30 days from now; the owner is e-mailed.' });
  return list;
}

export function reviewAction(review: { id: number; hidden: boolean }): AdminAction {
  const target = `review #${review.id}`;
  return review.hidden
    ? { label: 'Unhide review', target, path: `/api/admin/reviews/${review.id}/unhide`, explain: 'The review counts and shows again on the profile.' }
    : { label: 'Hide review', target, path: `/api/admin/reviews/${review.id}/hide`, explain: 'The review leaves the profile and the rating at once. Its author is e-mailed the reason and how to appeal.', danger: true };
}

export function userActions(user: { id: number; name: string; email: string; suspendedAt: string | null; lockedUntil: string | null; closedAt?: string | null }): AdminAction[] {
  const list: AdminAction[] = [];
  const target = `${user.name || user.email} (account #${user.id}, ${user.email})`;
  // A closed account (issue 28) cannot sign in again: there is nothing to suspend, reinstate or unlock.
  if (user.closedAt) return list;
  if (user.suspendedAt) list.push({ label: 'Reinstate account', target, path: `/api/admin/users/${user.id}/reinstate`, explain: 'The person can sign in again; listings hidden with the suspension come back.' });
  else list.push({ label: 'Suspend account', target, path: `/api/admin/users/${user.id}/suspend`, explain: 'Signs the person out everywhere at once, hides their listings, stops sign-in and messages. They are e-mailed the reason and how to appeal.', danger: true });
  if (user.lockedUntil) list.push({ label: 'Unlock account', target, path: `/api/admin/users/${user.id}/unlock`, explain: 'Ends the sign-in lockout now.' });
  return list;
}

export function refundAction(paymentId: number): AdminAction {
  return { label: 'Refund payment', target: `payment #${paymentId}`, path: `/api/admin/payments/${paymentId}/refund`, explain: 'Gives the whole amount back through the payment provider. A refunded listing fee unpublishes its listing unless you keep it.', refund: true, danger: true };
}
