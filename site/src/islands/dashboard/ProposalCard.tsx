// A lease proposal in the thread (issue 20), where it was made: its terms, its state, and what the viewer
// may do with it — the other party accepts, declines (with an optional reason) or counters; the proposer
// withdraws; accepted terms offer the agreement draft as PDF and text.
import { useId, useState } from 'react';
import {
  AGREEMENT_TEXTS,
  agreementPath,
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
import { errorMessage } from '../../lib/api-client';
import { answerProposal } from '../../lib/agreements-store';
import { showToast } from '../../lib/toast-store';
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

export function ProposalCard({ proposal: p, conversation, userId, otherName }: { proposal: LeaseProposal; conversation: ConversationListItem; userId: number; otherName: string }) {
  const mine = p.proposedBy === userId;
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const titleId = useId();
  const status = STATUS[p.status];

  async function run(action: 'accept' | 'decline' | 'withdraw') {
    setBusy(true);
    try {
      await answerProposal(p, action, action === 'decline' ? reason : undefined);
      showToast(action === 'accept' ? AGREEMENT_TEXTS.accepted : action === 'decline' ? AGREEMENT_TEXTS.declined : AGREEMENT_TEXTS.withdrawn);
      setDeclining(false);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, AGREEMENT_TEXTS.failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const terms: [string, string][] = [
    ['Monthly rent', formatMoney(p.rent, p.currency)],
    ['Start date', formatLeaseDate(p.startDate)],
    ['Term', formatTerm(p.termMonths)],
    ['Area let', formatArea(p.areaSqFt, conversation.space.size)],
    ['Deposit', formatDeposit(p.depositMonths)],
    ['Renewal', formatRenewal(p)],
    ['Utilities', UTILITIES_PAYER_LABEL[p.utilitiesPaidBy]],
    ...(p.insuranceAmount !== null ? ([['Insurance', formatMoney(p.insuranceAmount, p.currency)]] as [string, string][]) : []),
    ...(p.accessHours ? ([['Access', p.accessHours]] as [string, string][]) : []),
    ...(p.growingActivities ? ([['Growing', p.growingActivities]] as [string, string][]) : []),
  ];
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
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {terms.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {p.notes && <p className="mt-2 rounded-lg bg-soil-50 p-2 break-words whitespace-pre-wrap text-ink">{p.notes}</p>}
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
          <button type="button" className="btn-primary px-3 py-1.5" disabled={busy} onClick={() => void run('accept')}>
            Accept terms
          </button>
          <ProposalForm conversation={conversation} base={p} counter trigger={<button type="button" className="btn-outline px-3 py-1.5" disabled={busy}>Counter</button>} />
          <button type="button" className="btn-ghost px-3 py-1.5" disabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      )}
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
          <input id={reasonId} className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary px-3 py-1.5" disabled={busy}>
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
