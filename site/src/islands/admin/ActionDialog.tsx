// One dialog for every operator action (issue 19): the action's name, what it does, a required reason
// (kept in the audit log; where the person is told, sent to them), and for a refund whether the listing
// stays published. Radix Dialog: focus trapped, Escape closes, the title names the action.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { ACTION_REASON_MAX, MODERATION_MESSAGES } from '#contracts/moderation';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast-store';
import { LengthCounter } from '../FormField';

export type AdminAction = { label: string; path: string; explain: string; refund?: boolean; danger?: boolean };

export function ActionButton({ action, onDone, children }: { action: AdminAction; onDone(): void; children?: ReactNode }) {
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
      await apiFetch(action.path, { method: 'POST', body: { reason, ...(action.refund && { keepPublished }) } });
      showToast({ title: `${action.label}: done` });
      setOpen(false);
      setReason('');
      onDone();
    } catch (e) {
      setError(errorMessage(e, `${action.label} failed`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => (setOpen(o), setError(undefined))}>
      <Dialog.Trigger asChild>
        <button type="button" className={action.danger ? 'btn-outline border-red-700 px-3 py-1.5 text-red-800' : 'btn-outline px-3 py-1.5'} data-admin-action={action.label}>
          {children ?? action.label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-overlay) bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-(--z-modal) w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-ink">{action.label}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{action.explain}</Dialog.Description>
          <form className="mt-4 flex flex-col gap-3" onSubmit={submit} noValidate>
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
            {action.refund && (
              <label className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" checked={keepPublished} onChange={(e) => setKeepPublished(e.target.checked)} />
                Keep the listing published (a refunded listing fee unpublishes it otherwise)
              </label>
            )}
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-[var(--color-danger)]">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <button type="button" className="btn-outline px-3 py-1.5">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="btn-primary px-3 py-1.5" disabled={busy}>
                {action.label}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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

export function userActions(user: { id: number; suspendedAt: string | null; lockedUntil: string | null }): AdminAction[] {
  const list: AdminAction[] = [];
  if (user.suspendedAt) list.push({ label: 'Reinstate account', path: `/api/admin/users/${user.id}/reinstate`, explain: 'The person can sign in again; listings hidden with the suspension come back.' });
  else list.push({ label: 'Suspend account', path: `/api/admin/users/${user.id}/suspend`, explain: 'Signs the person out everywhere at once, hides their listings, stops sign-in and messages. They are e-mailed the reason and how to appeal.', danger: true });
  if (user.lockedUntil) list.push({ label: 'Unlock account', path: `/api/admin/users/${user.id}/unlock`, explain: 'Ends the sign-in lockout now.' });
  return list;
}

export function refundAction(paymentId: number): AdminAction {
  return { label: 'Refund payment', path: `/api/admin/payments/${paymentId}/refund`, explain: 'Gives the whole amount back through the payment provider. A refunded listing fee unpublishes its listing unless you keep it.', refund: true, danger: true };
}
