// Accepted lease terms in the Inquiries and My Listings tabs (issue 20): the headline terms, the reference
// and the draft's download links.
import { AGREEMENT_TEXTS, formatArea, formatDeposit, formatLeaseDate, formatMoney, formatTerm, type AgreementSummary as Agreement } from '#contracts/agreements';
import { AgreementLinks } from './ProposalCard';

export function AgreementSummary({ agreement: a, spaceSize }: { agreement: Agreement; spaceSize?: number }) {
  return (
    <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm" data-agreement={a.id}>
      <p className="font-semibold text-brand-800">Terms agreed · {a.reference}</p>
      <p className="mt-1 text-ink">
        {formatMoney(a.rent, a.currency)} a month from {formatLeaseDate(a.startDate)} for {formatTerm(a.termMonths)}
        {a.areaSqFt !== null || spaceSize !== undefined ? `, ${formatArea(a.areaSqFt, spaceSize ?? 0).replace(' (0 sq ft)', '')}` : ''}; deposit {formatDeposit(a.depositMonths)}.
      </p>
      <p className="mt-1 text-xs text-muted">{AGREEMENT_TEXTS.draftNotice}</p>
      <AgreementLinks proposalId={a.id} className="mt-2" />
    </div>
  );
}
