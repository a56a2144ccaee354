// "Report this listing" / "Report this person" (issue 19): a reason from the fixed list and details, sent
// to POST /api/reports; the reporter is thanked and told what happens next. Reporting a conversation says
// that the operators will read it. Pages render ReportButton, which loads this module when pressed.
import { useId, useState, type ReactElement } from 'react';
import { MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS_FOR, type ReportReason } from '#contracts/moderation';
import { errorMessage } from '../../../lib/api/api-client';
import { sendReport, type ReportTarget } from '../../../lib/stores/report-actions';
import { LengthCounter } from '../../shared/FormField';
import { FormDialog } from '../../shared/FormDialog';

export type ReportTargetInput = ReportTarget;

export function ReportDialog({ target, label, trigger, initiallyOpen = false }: { target: ReportTargetInput; label: string; trigger: ReactElement; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [thanks, setThanks] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  // The reasons that fit what is reported (issue 43, item 15): a review is not "Not a real space".
  const reasons = REPORT_REASONS_FOR['reviewId' in target ? 'review' : 'conversationId' in target ? 'conversation' : 'space'];
  const description =
    'conversationId' in target
      ? 'Tell us what went wrong. Sending this report shares this conversation with the FarmSpace team, who will read it to decide.'
      : 'reviewId' in target
        ? 'Tell us what is wrong with this review. The FarmSpace team reads it and decides whether it stays public.'
        : 'Tell us what is wrong with this listing. The owner is not told who reported it.';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return setError(MODERATION_MESSAGES.reportReason);
    if (details.trim().length > REPORT_DETAILS_MAX) return setError(MODERATION_MESSAGES.reportDetailsTooLong);
    setBusy(true);
    try {
      setThanks(await sendReport(target, reason, details));
    } catch (e) {
      setError(errorMessage(e, 'Your report could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(undefined);
      }}
      trigger={trigger}
      title={label}
      description={description}
      done={thanks && <span data-report-thanks>{thanks}</span>}
      onSubmit={submit}
      submitLabel="Send report"
      pending={busy}
      error={error}
      errorId={`${id}-error`}
    >
      <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-ink">Reason</legend>
        {reasons.map((r) => (
          <label key={r} className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
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
      </div>
    </FormDialog>
  );
}
