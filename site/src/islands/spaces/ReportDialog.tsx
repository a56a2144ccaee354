// "Report this listing" / "Report this person" (issue 19): a reason from the fixed list and details, sent
// to POST /api/reports; the reporter is thanked and told what happens next. Reporting a conversation says
// that the operators will read it. Pages render ReportButton, which loads this module when pressed.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactElement } from 'react';
import { MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '#contracts/moderation';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { LengthCounter } from '../FormField';

export type ReportTargetInput = { spaceId: number } | { conversationId: number };

export function ReportDialog({ target, label, trigger, initiallyOpen = false }: { target: ReportTargetInput; label: string; trigger: ReactElement; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [thanks, setThanks] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const aboutConversation = 'conversationId' in target;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return setError(MODERATION_MESSAGES.reportReason);
    if (details.trim().length > REPORT_DETAILS_MAX) return setError(MODERATION_MESSAGES.reportDetailsTooLong);
    setBusy(true);
    try {
      const answer = await apiFetch<{ message: string }>('/api/reports', { method: 'POST', body: { ...target, reason, details } });
      setThanks(answer.message);
    } catch (e) {
      setError(errorMessage(e, 'Your report could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-overlay) bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-(--z-modal) max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold text-ink">{label}</Dialog.Title>
          {thanks ? (
            <>
              <Dialog.Description className="mt-3 text-sm text-ink" data-report-thanks>
                {thanks}
              </Dialog.Description>
              <div className="mt-4 flex justify-end">
                <Dialog.Close asChild>
                  <button type="button" className="btn-primary">
                    Close
                  </button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {aboutConversation
                  ? 'Tell us what went wrong. Sending this report shares this conversation with the FarmSpace team, who will read it to decide.'
                  : 'Tell us what is wrong with this listing. The owner is not told who reported it.'}
              </Dialog.Description>
              <form className="mt-4 flex flex-col gap-3" onSubmit={submit} noValidate>
                <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
                  <legend className="text-sm font-medium text-ink">Reason</legend>
                  {REPORT_REASONS.map((r) => (
                    <label key={r} className="flex items-center gap-2 text-sm text-ink">
                      <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
                      {REPORT_REASON_LABELS[r]}
                    </label>
                  ))}
                </fieldset>
                <label htmlFor={`${id}-details`} className="text-sm font-medium text-ink">
                  Details (optional)
                </label>
                <textarea
                  id={`${id}-details`}
                  name="details"
                  rows={4}
                  value={details}
                  onChange={(e) => setDetails(e.target.value)}
                  aria-describedby={`${id}-details-count`}
                  className="rounded-lg border border-line px-3 py-2 text-sm text-ink"
                />
                <LengthCounter id={`${id}-details-count`} name="details" length={details.length} max={REPORT_DETAILS_MAX} />
                {error && (
                  <p id={`${id}-error`} role="alert" className="text-sm text-[var(--color-danger)]">
                    {error}
                  </p>
                )}
                <div className="flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <button type="button" className="btn-outline">
                      Cancel
                    </button>
                  </Dialog.Close>
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Send report
                  </button>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
