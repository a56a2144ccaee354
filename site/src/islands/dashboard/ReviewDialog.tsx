// "Review <name>" (issue 28): a 1–5 star rating as a radio group (arrow keys move between the stars, each
// star is labelled "3 stars") and the text, checked with the contract's limits before it is sent. Loaded on
// demand from the thread's review panel (OnDemandDialog), so the Messages tab does not carry it for every card.
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { REVIEW_MESSAGES, REVIEW_RATING_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '#contracts/reviews';
import { ApiRequestError, errorMessage } from '../../lib/api/api-client';
import { writeReview } from '../../lib/stores/reviews-store';
import { showToast } from '../../lib/stores/toast-store';
import { FormDialog } from '../shared/FormDialog';
import { describedBy, Field } from '../shared/FormField';
import { StarIcon } from '../spaces/shared/OwnerRating';

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

function problemsOf(rating: number, text: string): { rating?: string; text?: string } {
  const length = text.trim().length;
  return {
    ...(rating < 1 && { rating: REVIEW_MESSAGES.ratingInvalid }),
    ...(length < REVIEW_TEXT_MIN && { text: REVIEW_MESSAGES.textTooShort }),
    ...(length > REVIEW_TEXT_MAX && { text: REVIEW_MESSAGES.textTooLong }),
  };
}

export function ReviewDialog({ proposalId, otherName, trigger }: { proposalId: number; otherName: string; trigger: ReactElement }) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemsOf(rating, text);
    setErrors(found);
    if (found.rating || found.text) {
      event.currentTarget.querySelector<HTMLElement>(found.rating ? 'input[name="rating"]' : 'textarea[name="text"]')?.focus();
      return;
    }
    setSending(true);
    try {
      await writeReview(proposalId, { rating, text });
      showToast(REVIEW_MESSAGES.written);
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fieldErrors) setErrors(error.fieldErrors);
      showToast({ title: 'Error', description: errorMessage(error, 'Your review was not sent. Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Review ${otherName}`}
      description={`How did the lease with ${otherName} go? Your review is published when ${otherName} writes theirs, or 14 days after yours, and cannot be changed.`}
      onSubmit={(event) => void submit(event)}
      submitLabel="Send review"
      pendingLabel="Sending…"
      pending={sending}
      formClassName="mt-4 flex flex-col gap-4"
      testId="review-dialog"
    >
      <fieldset className="flex flex-col gap-1.5" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium text-ink">Rating</legend>
        <div className="flex gap-1">
          {STARS.map((star) => (
            <label key={star} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setErrors((e) => ({ ...e, rating: undefined }));
                }}
                className="sr-only"
              />
              <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
              <StarIcon className={`h-8 w-8 ${star <= rating ? 'text-amber-500' : 'text-line'}`} />
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="text-sm text-[var(--color-danger)]" data-field-error="rating">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <Field id={`${id}-text`} label="Your review" required error={errors.text} name="text" hint={`At least ${REVIEW_TEXT_MIN} characters.`} limit={{ length: text.length, max: REVIEW_TEXT_MAX }}>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={5}
          aria-describedby={describedBy(`${id}-text`, errors.text, `At least ${REVIEW_TEXT_MIN} characters.`, true)}
          aria-invalid={errors.text || text.length > REVIEW_TEXT_MAX ? true : undefined}
          className={`w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-200 ${errors.text ? 'border-[var(--color-danger)]' : 'border-line'}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
