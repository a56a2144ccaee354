// Propose (or counter) lease terms in a conversation (issue 20): a dialog with every term, the rent
// prefilled with the listing's price (or the terms being countered), the start on the day the listing is
// available from (or the first of next month). The API checks the terms with the shared contract, all at
// once; its field errors are shown beside the fields and read out in the toast. Long fields count their
// characters against the contract's limits instead of cutting a paste.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ACCESS_HOURS_MAX,
  AGREEMENT_MESSAGES,
  AGREEMENT_TEXTS,
  DEPOSIT_MONTHS_MAX,
  GROWING_ACTIVITIES_MAX,
  PROPOSAL_NOTES_MAX,
  RENEWAL_LABEL,
  RENEWAL_NOTICE_DAYS_DEFAULT,
  RENEWAL_NOTICE_DAYS_MAX,
  RENEWAL_NOTICE_DAYS_MIN,
  RENEWAL_TERMS,
  TERM_MONTHS_MAX,
  TERM_MONTHS_MIN,
  UTILITIES_PAYER_LABEL,
  UTILITIES_PAYERS,
  type LeaseProposal,
} from '#contracts/agreements';
import type { ConversationListItem } from '#contracts/messaging';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { proposeTerms, type ProposalDraft } from '../../lib/stores/agreements-store';
import { showToast } from '../../lib/stores/toast-store';
import { FormDialog } from '../shared/FormDialog';
import { unverifiedRefusal, VerifyEmailNotice } from '../shared/VerifyEmailNotice';
import { describedBy, Field, FormField } from '../shared/FormField';

const control = 'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-200';

/** Today as YYYY-MM-DD in the browser's calendar: the earliest start date. */
function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function firstOfNextMonth(): string {
  const d = new Date();
  const next = new Date(d.getFullYear(), d.getMonth() + 1, 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-01`;
}

/** The first start the listing allows: its "available from" while that is ahead, else the first of next month. */
function defaultStart(conversation: ConversationListItem): string {
  const from = conversation.space.availableFrom;
  return from && from >= todayIso() ? from : firstOfNextMonth();
}

function initialDraft(conversation: ConversationListItem, base: LeaseProposal | null): ProposalDraft {
  if (base) {
    return {
      rent: base.rent,
      startDate: base.startDate < todayIso() ? defaultStart(conversation) : base.startDate,
      termMonths: String(base.termMonths),
      areaSqFt: base.areaSqFt === null ? '' : String(base.areaSqFt),
      depositMonths: String(base.depositMonths),
      utilitiesPaidBy: base.utilitiesPaidBy,
      growingActivities: base.growingActivities,
      accessHours: base.accessHours,
      insuranceAmount: base.insuranceAmount ?? '',
      notes: base.notes,
      renewal: base.renewal,
      renewalNoticeDays: String(base.renewalNoticeDays ?? RENEWAL_NOTICE_DAYS_DEFAULT),
    };
  }
  return {
    rent: conversation.space.pricePerMonth,
    startDate: defaultStart(conversation),
    termMonths: '12',
    areaSqFt: '',
    depositMonths: '2',
    utilitiesPaidBy: 'tenant',
    growingActivities: '',
    accessHours: '',
    insuranceAmount: '1000000',
    notes: '',
    // Nothing renews unless the parties say so: a new agreement is the neutral start.
    renewal: 'by_agreement',
    renewalNoticeDays: String(RENEWAL_NOTICE_DAYS_DEFAULT),
  };
}

export function ProposalForm({ conversation, base, counter, trigger }: { conversation: ConversationListItem; base: LeaseProposal | null; counter: boolean; trigger: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ProposalDraft>(() => initialDraft(conversation, base));
  const [wholeSpace, setWholeSpace] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  /** The API's reason when this account must verify its address before proposing terms (issue 43, item 7). */
  const [needsVerification, setNeedsVerification] = useState<string | null>(null);
  const set = (key: keyof ProposalDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  function onOpenChange(next: boolean) {
    if (sending) return;
    if (next) {
      const fresh = initialDraft(conversation, base);
      setDraft(fresh);
      setWholeSpace(fresh.areaSqFt === '');
      setErrors({});
    }
    setOpen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await proposeTerms(conversation.id, { ...draft, areaSqFt: wholeSpace ? '' : draft.areaSqFt, renewalNoticeDays: draft.renewal === 'automatic' ? draft.renewalNoticeDays : '' });
      showToast(AGREEMENT_TEXTS.proposed);
      setOpen(false);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fieldErrors : undefined;
      const refusal = unverifiedRefusal(error, AGREEMENT_MESSAGES.verifyToAgree);
      if (refusal) {
        setNeedsVerification(refusal);
      } else if (fields) {
        setErrors(fields);
        // The contract's field messages name their fields as the form does ("Monthly rent must be…"); the
        // API's one-line message starts with the raw key ("rent: …"), which is for programs.
        showToast({ title: 'Please check the terms', description: Object.values(fields).join(' · '), variant: 'destructive' });
      } else {
        showToast({ title: 'Error', description: errorMessage(error, AGREEMENT_TEXTS.failure), variant: 'destructive' });
      }
    } finally {
      setSending(false);
    }
  }

  const currency = conversation.space.currency || 'USD';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={counter ? 'Counter with new terms' : 'Propose lease terms'}
      description={`${conversation.space.title}. ${counter ? 'Your terms replace the open ones.' : 'The other party can accept, decline or counter.'} ${AGREEMENT_TEXTS.draftNotice}`}
      onSubmit={(event) => void submit(event)}
      submitLabel={counter ? 'Send counter-proposal' : 'Propose terms'}
      pendingLabel="Sending..."
      pending={sending}
      width="xl"
      formClassName="mt-5 grid gap-4 sm:grid-cols-2"
      testId="proposal-form"
      before={needsVerification && <VerifyEmailNotice message={needsVerification} className="mt-5" />}
    >
      <FormField label={`Monthly rent (${currency})`} name="rent" inputMode="decimal" required value={draft.rent} error={errors.rent} onValueChange={set('rent')} />
      <FormField label="Start date" name="startDate" type="date" required min={todayIso()} value={draft.startDate} error={errors.startDate} onValueChange={set('startDate')} />
      <FormField
        label="Term (months)"
        name="termMonths"
        type="number"
        required
        min={TERM_MONTHS_MIN}
        max={TERM_MONTHS_MAX}
        value={draft.termMonths}
        error={errors.termMonths}
        onValueChange={set('termMonths')}
      />
      <FormField
        label="Deposit (months of rent)"
        name="depositMonths"
        type="number"
        min={0}
        max={DEPOSIT_MONTHS_MAX}
        step={0.5}
        value={draft.depositMonths}
        error={errors.depositMonths}
        onValueChange={set('depositMonths')}
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium text-ink">Area let</legend>
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name={`${id}-area`} checked={wholeSpace} onChange={() => setWholeSpace(true)} />
            Whole space ({conversation.space.size.toLocaleString('en-US')} sq ft)
          </label>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name={`${id}-area`} checked={!wholeSpace} onChange={() => setWholeSpace(false)} />
            Part of it
          </label>
        </div>
        {!wholeSpace && (
          <FormField
            label="Square feet let"
            name="areaSqFt"
            type="number"
            min={1}
            max={conversation.space.size}
            value={draft.areaSqFt}
            error={errors.areaSqFt}
            onValueChange={set('areaSqFt')}
          />
        )}
        {wholeSpace && errors.areaSqFt && <p className="text-sm text-[var(--color-danger)]">{errors.areaSqFt}</p>}
      </fieldset>
      <Field id={`${id}-utilities`} label="Utilities paid by" error={errors.utilitiesPaidBy} name="utilitiesPaidBy">
        <select id={`${id}-utilities`} name="utilitiesPaidBy" className={`${control} border-line`} value={draft.utilitiesPaidBy} onChange={(e) => set('utilitiesPaidBy')(e.target.value)}>
          {UTILITIES_PAYERS.map((payer) => (
            <option key={payer} value={payer}>
              {UTILITIES_PAYER_LABEL[payer]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-renewal`} label="Renewal" error={errors.renewal} name="renewal">
        <select id={`${id}-renewal`} name="renewal" className={`${control} border-line`} value={draft.renewal} onChange={(e) => set('renewal')(e.target.value)}>
          {RENEWAL_TERMS.map((term) => (
            <option key={term} value={term}>
              {RENEWAL_LABEL[term]}
            </option>
          ))}
        </select>
      </Field>
      {draft.renewal === 'automatic' ? (
        <FormField
          label="Notice of non-renewal (days before the term ends)"
          name="renewalNoticeDays"
          type="number"
          required
          min={RENEWAL_NOTICE_DAYS_MIN}
          max={RENEWAL_NOTICE_DAYS_MAX}
          value={draft.renewalNoticeDays}
          error={errors.renewalNoticeDays}
          onValueChange={set('renewalNoticeDays')}
        />
      ) : (
        <div className="hidden sm:block" aria-hidden="true" />
      )}
      <FormField label={`Insurance per occurrence (${currency})`} name="insuranceAmount" inputMode="decimal" value={draft.insuranceAmount} error={errors.insuranceAmount} onValueChange={set('insuranceAmount')} />
      <FormField
        label="Access hours"
        name="accessHours"
        placeholder="e.g. 24/7, or Mon-Sat 6:00-20:00"
        limit={ACCESS_HOURS_MAX}
        value={draft.accessHours}
        error={errors.accessHours}
        onValueChange={set('accessHours')}
      />
      <FormField
        label="Growing activities allowed"
        name="growingActivities"
        placeholder="e.g. hydroponic greens, microgreens"
        limit={GROWING_ACTIVITIES_MAX}
        value={draft.growingActivities}
        error={errors.growingActivities}
        onValueChange={set('growingActivities')}
      />
      <div className="sm:col-span-2">
        <Field id={`${id}-notes`} label="Notes" error={errors.notes} name="notes" limit={{ length: draft.notes.length, max: PROPOSAL_NOTES_MAX }}>
          <textarea
            id={`${id}-notes`}
            name="notes"
            rows={3}
            aria-describedby={describedBy(`${id}-notes`, errors.notes, undefined, true)}
            aria-invalid={errors.notes || draft.notes.length > PROPOSAL_NOTES_MAX ? true : undefined}
            className={`${control} resize-y ${errors.notes ? 'border-[var(--color-danger)]' : 'border-line'}`}
            value={draft.notes}
            onChange={(e) => set('notes')(e.target.value)}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
