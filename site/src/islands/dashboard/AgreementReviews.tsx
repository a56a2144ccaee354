// The reviews of accepted terms, under the agreement in the thread (issue 28): "Review <name>" while the
// reader may write, their own review with when it will be published (double-blind), the other's review once
// published, and the one public reply to a review of the reader.
import { lazy, useId, useState, type FormEvent } from 'react';
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, type AgreementReviews as Reviews, type PublishedReview } from '#contracts/reviews';
import { errorMessage } from '../../lib/api/api-client';
import { formatDate } from '../../lib/display/space-display';
import { agreementReviewsPath, replyToReview } from '../../lib/stores/reviews-store';
import { showToast } from '../../lib/stores/toast-store';
import { ReportButton } from '../spaces/detail/ReportButton';
import { LengthCounter } from '../shared/FormField';
import { VerifyEmailNotice } from '../shared/VerifyEmailNotice';
import { OnDemandDialog } from '../shared/OnDemandDialog';
import { useApiData } from '../shared/use-api-data';

const loadReviewDialog = () => import('./ReviewDialog');
const ReviewDialog = lazy(() => loadReviewDialog().then((m) => ({ default: m.ReviewDialog })));

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-500" aria-label={`${rating} of 5 stars`} role="img">
      {'★'.repeat(rating)}
      <span className="text-line">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function ReviewText({ review, heading }: { review: Pick<PublishedReview, 'rating' | 'text' | 'reply'>; heading: string }) {
  return (
    <div className="rounded-lg bg-soil-50 p-3" data-review>
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-muted">
        {heading} <Stars rating={review.rating} />
      </p>
      <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-ink">{review.text}</p>
      {review.reply && (
        <p className="mt-2 border-l-2 border-line pl-2 text-ink" data-review-reply>
          <span className="block text-xs font-semibold text-muted">Reply</span>
          {review.reply.text}
        </p>
      )}
    </div>
  );
}

function ReplyForm({ proposalId, review }: { proposalId: number; review: PublishedReview }) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await replyToReview(proposalId, review.id, text);
      showToast(REVIEW_MESSAGES.replied);
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Your reply was not sent.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="flex flex-col gap-1.5" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="text-xs font-medium text-ink">
        Reply in public (once)
      </label>
      <textarea
        id={id}
        rows={2}
        className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink"
        value={text}
        aria-describedby={`${id}-count`}
        onChange={(e) => setText(e.target.value)}
      />
      <LengthCounter id={`${id}-count`} length={text.length} max={REVIEW_REPLY_MAX} />
      <button type="submit" className="btn-outline self-start px-3 py-1.5" disabled={sending || text.trim() === '' || text.length > REVIEW_REPLY_MAX}>
        Post reply
      </button>
    </form>
  );
}

export function AgreementReviews({ proposalId }: { proposalId: number }) {
  const { data } = useApiData<Reviews>(agreementReviewsPath(proposalId));
  if (!data) return null;
  const { mine, theirs, otherName } = data;
  const now = Date.now();
  // Before the lease starts the parties read when they may review (issue 43, item 3); after the window, or
  // once the other's review is read, nothing to write is offered.
  const notYet = data.opensAt !== null && now < Date.parse(data.opensAt);
  if (!mine && !theirs && !data.canWrite && !notYet && !data.needsVerification) return null;
  const trigger = (
    <button type="button" className="btn-primary self-start px-3 py-1.5">
      Review {otherName}
    </button>
  );
  return (
    <section className="mt-3 flex flex-col gap-2 border-t border-line pt-3" aria-label="Reviews" data-agreement-reviews={proposalId}>
      {notYet && !mine && (
        <p className="text-xs text-muted" data-review-window>
          {REVIEW_MESSAGES.opensOn(otherName, formatDate(data.opensAt!), formatDate(data.writableUntil!))}
        </p>
      )}
      {data.needsVerification && !notYet && <VerifyEmailNotice message={REVIEW_MESSAGES.verifyToReview} testId="verify-to-review" />}
      {data.canWrite && (
        <>
          {data.writableUntil && (
            <p className="text-xs text-muted" data-review-window>
              {REVIEW_MESSAGES.openUntil(otherName, formatDate(data.writableUntil))}
            </p>
          )}
          <OnDemandDialog trigger={trigger} preload={loadReviewDialog} dialog={(t) => <ReviewDialog proposalId={proposalId} otherName={otherName} trigger={t} />} />
        </>
      )}
      {mine && (
        <>
          <ReviewText review={mine} heading="Your review" />
          {!mine.publishedAt && (
            <p className="text-xs text-muted" data-review-waiting>
              {REVIEW_MESSAGES.waiting(otherName, formatDate(mine.publishesAt))}
            </p>
          )}
        </>
      )}
      {theirs && (
        <>
          <ReviewText review={theirs} heading={`${otherName}'s review of you`} />
          {!theirs.reply && <ReplyForm proposalId={proposalId} review={theirs} />}
          <div className="self-start">
            <ReportButton target={{ reviewId: theirs.id }} label="Report this review" />
          </div>
        </>
      )}
    </section>
  );
}
