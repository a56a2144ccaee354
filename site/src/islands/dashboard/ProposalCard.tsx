// A lease proposal in the thread (issue 20), where it was made: its terms, its state, and what the viewer
// may do with it — the other party accepts, declines (with an optional reason) or counters; the proposer
// withdraws; accepted terms offer the agreement draft as PDF and text, and the two parties' reviews (issue 28). A counter marks each term it changed,
// with the value it replaced; Accept asks first, since it makes the agreement (issue 25, item 19). Where
// the API would refuse to accept (a hidden listing, a suspended party) Accept and Counter are not offered.
import { useId, useState } from 'react';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_TEXTS,
  agreementPath,
  DECLINE_REASON_MAX,
  formatArea,
  formatDeposit,
  formatLeaseDate,
  formatMoney,
  formatRenewal,
  formatTerm,
  UTILITIES_PAYER_LABEL,
  type LeaseProposal,
  type ProposalStatus,
} from '#contracts/agreements';
import type { ConversationListItem } from '#contracts/messaging';
import { errorMessage } from '../../lib/api/api-client';
import { answerProposal } from '../../lib/stores/agreements-store';
import { showToast } from '../../lib/stores/toast-store';
import { FormDialog } from '../shared/FormDialog';
import { LengthCounter } from '../shared/FormField';
import { unverifiedRefusal, VerifyEmailNotice } from '../shared/VerifyEmailNotice';
import { AgreementReviews } from './AgreementReviews';
import { ProposalForm } from './ProposalForm';

const STATUS: Record<ProposalStatus, { label: string; tone: string }> = {
  open: { label: 'Open', tone: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', tone: 'bg-brand-100 text-brand-800' },
  declined: { label: 'Declined', tone: 'bg-red-100 text-red-800' },
  withdrawn: { label: 'Withdrawn', tone: 'bg-line/60 text-ink' },
  countered: { label: 'Countered', tone: 'bg-line/60 text-ink' },
};

export function AgreementLinks({ proposalId, className = '' }: { proposalId: number; className?: string }) {
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <a className="btn-primary px-3 py-1.5" href={agreementPath(proposalId, 'pdf')} download data-agreement-pdf={proposalId}>
        Download agreement (PDF)
      </a>
      <a className="btn-outline px-3 py-1.5" href={agreementPath(proposalId, 'txt')} download data-agreement-txt={proposalId}>
        Text version
      </a>
    </div>
  );
}

type TermKey = 'rent' | 'startDate' | 'termMonths' | 'areaSqFt' | 'depositMonths' | 'renewal' | 'utilitiesPaidBy' | 'insuranceAmount' | 'accessHours' | 'growingActivities';
type Term = { key: TermKey; label: string; value: string };

/** The card's rows; an optional term with no value is left out (null). */
function termsOf(p: LeaseProposal, spaceSize: number): Record<TermKey, Term | null> {
  const row = (key: TermKey, label: string, value: string | null): Term | null => (value ? { key, label, value } : null);
  return {
    rent: row('rent', 'Monthly rent', formatMoney(p.rent, p.currency)),
    startDate: row('startDate', 'Start date', formatLeaseDate(p.startDate)),
    termMonths: row('termMonths', 'Term', formatTerm(p.termMonths)),
    areaSqFt: row('areaSqFt', 'Area let', formatArea(p.areaSqFt, spaceSize)),
    depositMonths: row('depositMonths', 'Deposit', formatDeposit(p.depositMonths)),
    renewal: row('renewal', 'Renewal', formatRenewal(p)),
    utilitiesPaidBy: row('utilitiesPaidBy', 'Utilities', UTILITIES_PAYER_LABEL[p.utilitiesPaidBy]),
    insuranceAmount: row('insuranceAmount', 'Insurance', p.insuranceAmount !== null ? formatMoney(p.insuranceAmount, p.currency) : null),
    accessHours: row('accessHours', 'Access', p.accessHours || null),
    growingActivities: row('growingActivities', 'Growing', p.growingActivities || null),
  };
}

export function ProposalCard({
  proposal: p,
  previous,
  closed = false,
  conversation,
  userId,
  otherName,
}: {
  proposal: LeaseProposal;
  /** The terms this proposal countered: each changed term is marked with the value it replaced. */
  previous?: LeaseProposal;
  /** The API would refuse to accept (hidden listing, suspended party): no Accept or Counter. */
  closed?: boolean;
  conversation: ConversationListItem;
  userId: number;
  otherName: string;
}) {
  const mine = p.proposedBy === userId;
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  /** The API's reason when this account must verify its address before accepting (issue 43, item 7). */
  const [needsVerification, setNeedsVerification] = useState<string | null>(null);
  const reasonId = useId();
  const titleId = useId();
  const status = STATUS[p.status];

  async function run(action: 'accept' | 'decline' | 'withdraw') {
    setBusy(true);
    try {
      await answerProposal(p, action, action === 'decline' ? reason : undefined);
      showToast(action === 'accept' ? AGREEMENT_TEXTS.accepted : action === 'decline' ? AGREEMENT_TEXTS.declined : AGREEMENT_TEXTS.withdrawn);
      setDeclining(false);
      setConfirming(false);
    } catch (error) {
      const refusal = unverifiedRefusal(error, AGREEMENT_MESSAGES.verifyToAgree);
      if (refusal) {
        setConfirming(false);
        setNeedsVerification(refusal);
      } else showToast({ title: 'Error', description: errorMessage(error, AGREEMENT_TEXTS.failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const now = termsOf(p, conversation.space.size);
  const before = previous ? termsOf(previous, conversation.space.size) : null;
  // A row shows when it has a value now, or had one in the countered terms (then it was cleared).
  const rows = (Object.keys(now) as TermKey[]).flatMap((key) => {
    const current = now[key];
    const was = before?.[key] ?? null;
    const changed = before !== null && (current?.value ?? null) !== (was?.value ?? null);
    if (!current && !changed) return [];
    return [{ key, label: current?.label ?? was!.label, value: current?.value ?? 'none', was: changed ? (was?.value ?? 'none') : null }];
  });
  const notesChanged = previous !== undefined && previous.notes !== p.notes;
  const faded = p.status === 'withdrawn' || p.status === 'countered';
  return (
    <article
      aria-labelledby={titleId}
      className={`w-full max-w-[26rem] rounded-2xl border p-4 text-sm shadow-sm ${p.status === 'accepted' ? 'border-brand-500 bg-white' : faded ? 'border-dashed border-line bg-soil-50' : 'border-line bg-white'}`}
      data-proposal={p.id}
      data-status={p.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-ink">
          {mine ? 'Your proposed terms' : `Terms from ${otherName}`}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      {before && p.status === 'open' && <p className="mt-1 text-xs text-muted">Changes from the terms before are marked.</p>}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows.map(({ key, label, value, was }) => (
          <div key={key} className="contents" data-changed={was !== null ? key : undefined}>
            <dt className={was !== null ? '-ml-1 rounded-l bg-amber-100 pl-1 font-semibold text-amber-950' : 'text-muted'}>{label}</dt>
            <dd className={`font-medium wrap-anywhere text-ink ${was !== null ? '-mr-1 rounded-r bg-amber-100 pr-1' : ''}`}>
              {value}
              {was !== null && (
                <span className="block text-xs font-normal text-amber-950">
                  <span className="sr-only">changed, </span>was <s>{was}</s>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {p.notes && (
        <p className={`mt-2 rounded-lg p-2 whitespace-pre-wrap wrap-anywhere text-ink ${notesChanged ? 'bg-amber-100' : 'bg-soil-50'}`} data-changed={notesChanged ? 'notes' : undefined}>
          {notesChanged && <span className="block text-xs font-semibold text-amber-950">New note</span>}
          {p.notes}
        </p>
      )}
      {p.status === 'declined' && p.declineReason && (
        <p className="mt-2 text-ink">
          <span className="text-muted">Reason: </span>
          {p.declineReason}
        </p>
      )}
      {p.status === 'accepted' && (
        <div className="mt-3 flex flex-col gap-2">
          <p className="text-xs text-muted">
            Reference {p.reference}. {AGREEMENT_TEXTS.draftNotice}
          </p>
          <AgreementLinks proposalId={p.id} />
          <AgreementReviews proposalId={p.id} />
        </div>
      )}
      {p.status === 'open' && mine && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className="mr-auto text-xs text-muted">Waiting for {otherName}.</p>
          <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => void run('withdraw')}>
            Withdraw
          </button>
        </div>
      )}
      {p.status === 'open' && !mine && !declining && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!closed && (
            <>
              <FormDialog
                open={confirming}
                onOpenChange={setConfirming}
                trigger={
                  <button type="button" className="btn-primary px-3 py-1.5" disabled={busy}>
                    Accept terms
                  </button>
                }
                title="Accept these terms?"
                description={`${formatMoney(p.rent, p.currency)} a month for ${formatTerm(p.termMonths)} from ${formatLeaseDate(p.startDate)}. Accepting closes the negotiation and makes the agreement draft for both of you; it cannot be undone here.`}
                onSubmit={(event) => {
                  event.preventDefault();
                  void run('accept');
                }}
                submitLabel="Accept terms"
                pendingLabel="Accepting…"
                pending={busy}
                width="sm"
                role="alertdialog"
                formClassName="mt-4"
                testId="accept-confirm"
              />
              <ProposalForm conversation={conversation} base={p} counter trigger={<button type="button" className="btn-outline px-3 py-1.5" disabled={busy}>Counter</button>} />
            </>
          )}
          <button type="button" className="btn-ghost px-3 py-1.5" disabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      )}
      {p.status === 'open' && needsVerification && <VerifyEmailNotice message={needsVerification} className="mt-3" />}
      {p.status === 'open' && !mine && declining && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run('decline');
          }}
        >
          <label htmlFor={reasonId} className="text-sm font-medium text-ink">
            Reason (optional)
          </label>
          <input
            id={reasonId}
            className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink"
            value={reason}
            aria-describedby={`${reasonId}-count`}
            aria-invalid={reason.length > DECLINE_REASON_MAX || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <LengthCounter id={`${reasonId}-count`} name="declineReason" length={reason.length} max={DECLINE_REASON_MAX} />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary px-3 py-1.5" disabled={busy || reason.length > DECLINE_REASON_MAX}>
              Decline terms
            </button>
            <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={() => setDeclining(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
