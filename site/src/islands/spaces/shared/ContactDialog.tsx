// The contact dialog (spec 2.7, 4): Contact Space Owner, 600 px, a summary of the space, Your Name and
// Message prefilled; validated on submit and then on every change; "Sending..." while the inquiry is on
// its way; a toast on success (the dialog closes and resets) or failure (it stays open). An account whose
// address is not verified yet may start two conversations: after that the dialog says why and offers to
// resend the verification link (issue 15, item 15).
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CurrentUser } from '#contracts/auth.schemas';
import { displayName } from '#contracts/auth';
import { defaultInquiryMessage, FARMER_NAME_MAX_LENGTH, INQUIRY_MIN_LENGTH, MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, MESSAGING_TEXTS } from '#contracts/messaging';
import type { Space } from '#contracts/spaces.schemas';
import { errorMessage } from '../../../lib/api/api-client';
import { formatPrice } from '../../../lib/display/space-display';
import { showToast } from '../../../lib/stores/toast-store';
import { sendInquiry } from '../../../lib/stores/messaging-store';
import { LengthCounter } from '../../shared/FormField';
import { FormDialog } from '../../shared/FormDialog';
import { unverifiedRefusal, VerifyEmailNotice } from '../../shared/VerifyEmailNotice';

type Values = { farmerName: string; message: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Spec 5: both values are stripped of all markup before sending (the API strips them again). */
function stripTags(value: string): string {
  return value.replace(/<[^>]*>/g, '');
}

function validate(values: Values): Errors {
  const errors: Errors = {};
  const name = stripTags(values.farmerName).trim();
  const message = stripTags(values.message).trim();
  if (!name) errors.farmerName = MESSAGING_MESSAGES.nameRequired;
  else if (name.length > FARMER_NAME_MAX_LENGTH) errors.farmerName = `Name must be at most ${FARMER_NAME_MAX_LENGTH} characters`;
  if (message.length < INQUIRY_MIN_LENGTH) errors.message = MESSAGING_MESSAGES.inquiryTooShort;
  else if (message.length > MESSAGE_MAX_LENGTH) errors.message = MESSAGING_MESSAGES.messageTooLong;
  return errors;
}

function initialValues(user: CurrentUser, space: Pick<Space, 'title'>): Values {
  return { farmerName: displayName(user), message: defaultInquiryMessage(space.title) };
}

/** The dialog with its trigger (Contact Owner): Radix returns focus to the trigger when it closes. */
export function ContactDialog({
  space,
  user,
  trigger,
  onSent,
  initiallyOpen = false,
}: {
  space: Pick<Space, 'id' | 'title' | 'location' | 'city' | 'pricePerMonth' | 'currency'>;
  user: CurrentUser;
  trigger: ReactNode;
  /** After an inquiry was sent and the dialog has closed, with its conversation. The focus is then the
   *  caller's to place (the trigger may have given way to a link to the conversation). */
  onSent?: (conversationId: number) => void;
  /** Open at once: the trigger was pressed before this module had loaded (SpaceActions loads it on demand). */
  initiallyOpen?: boolean;
}) {
  const id = useId();
  const [open, onOpenChange] = useState(initiallyOpen);
  const [values, setValues] = useState<Values>(() => initialValues(user, space));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const sentConversation = useRef<number | null>(null);
  /** The API's reason when this unverified account has used its two first conversations. */
  const [needsVerification, setNeedsVerification] = useState<string | null>(null);

  function change(key: keyof Values, value: string) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = (Object.keys(found) as (keyof Values)[])[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const sent = await sendInquiry({ spaceId: space.id, content: stripTags(values.message).trim(), farmerName: stripTags(values.farmerName).trim() });
      showToast(MESSAGING_TEXTS.inquirySuccess);
      onOpenChange(false);
      setValues(initialValues(user, space));
      setErrors({});
      setSubmitted(false);
      sentConversation.current = sent.conversationId;
    } catch (error) {
      const refusal = unverifiedRefusal(error, MESSAGING_MESSAGES.verifyToContactMore);
      if (refusal) {
        setNeedsVerification(refusal);
        return;
      }
      showToast({ title: MESSAGING_TEXTS.inquiryFailure.title, description: errorMessage(error, MESSAGING_TEXTS.inquiryFailure.fallback), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const field = 'w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-200';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      width="lg"
      testId="contact-dialog"
      onCloseAutoFocus={(event) => {
        const conversationId = sentConversation.current;
        sentConversation.current = null;
        if (conversationId === null || !onSent) return;
        event.preventDefault();
        onSent(conversationId);
      }}
      title="Contact Space Owner"
      description="Your message opens a conversation with the owner in your dashboard."
      before={
        <>
          <div className="mt-5 rounded-xl border border-line bg-soil-50 p-4">
            <p className="line-clamp-2 font-semibold wrap-anywhere text-ink" title={space.title}>{space.title}</p>
            <p className="mt-0.5 text-sm text-muted">
              {space.location}
              {space.city && !space.location.includes(space.city) ? `, ${space.city}` : ''}
            </p>
            <p className="mt-1 text-sm font-semibold text-brand-800">{formatPrice(space.pricePerMonth, space.currency)}/month</p>
          </div>
          {needsVerification && <VerifyEmailNotice message={needsVerification} testId="verify-to-contact" className="mt-5" />}
        </>
      }
      onSubmit={submit}
      submitLabel="Send Message"
      pendingLabel="Sending..."
      pending={sending}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink">
          Your Name
        </label>
        <input
          id={`${id}-name`}
          name="farmerName"
          autoComplete="name"
          className={`${field} ${errors.farmerName ? 'border-[var(--color-danger)]' : 'border-line'}`}
          value={values.farmerName}
          onChange={(e) => change('farmerName', e.target.value)}
          aria-invalid={errors.farmerName ? true : undefined}
          aria-describedby={errors.farmerName ? `${id}-name-error` : undefined}
        />
        {errors.farmerName && (
          <p id={`${id}-name-error`} className="text-sm text-[var(--color-danger)]">
            {errors.farmerName}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-ink">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          className={`${field} resize-y ${errors.message ? 'border-[var(--color-danger)]' : 'border-line'}`}
          value={values.message}
          onChange={(e) => change('message', e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${errors.message ? `${id}-message-error ` : ''}${id}-message-count`}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="text-sm text-[var(--color-danger)]">
            {errors.message}
          </p>
        )}
        <LengthCounter id={`${id}-message-count`} name="inquiry" length={values.message.length} max={MESSAGE_MAX_LENGTH} />
      </div>
    </FormDialog>
  );
}
