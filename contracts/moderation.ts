// Reports and the operators' console (issue 19): the fixed lists, limits, texts and answer types, without
// zod so that islands can import them for nothing.

export const REPORT_REASONS = ['scam', 'not_real', 'wrong_info', 'offensive', 'harassment', 'false_review', 'not_a_lease', 'private_info', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  not_real: 'Not a real space',
  wrong_info: 'Wrong information',
  offensive: 'Offensive',
  harassment: 'Harassment',
  false_review: 'False or misleading',
  not_a_lease: 'Not about this lease',
  private_info: 'Shares private information',
  other: 'Other',
};
export const REPORT_TARGETS = ['space', 'user', 'conversation', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/**
 * The reasons that fit each kind of report (issue 43, item 15): a review is not "a real space", a listing is
 * not "false or misleading" as a review is (it has "Wrong information"). The dialog offers these, the API
 * refuses any other.
 */
export const REPORT_REASONS_FOR: Record<ReportTarget, readonly ReportReason[]> = {
  space: ['scam', 'not_real', 'wrong_info', 'offensive', 'other'],
  user: ['scam', 'harassment', 'offensive', 'other'],
  conversation: ['scam', 'harassment', 'offensive', 'other'],
  review: ['false_review', 'offensive', 'harassment', 'not_a_lease', 'private_info', 'other'],
};

export const REPORT_DETAILS_MAX = 2000;
export const ACTION_REASON_MAX = 1000;
export const AUDIT_PAGE_MAX = 200;

export const MODERATION_MESSAGES = {
  reportThanks:
    'Thank you. Our team reads every report, usually within two working days. If the listing or person breaks our rules we act on it; we do not share your name with them.',
  reportDuplicate: 'You have already reported this. Our team will look at your report.',
  reportSelf: 'You cannot report yourself or your own listing.',
  reportOneTarget: 'Say what you are reporting: one listing, one person, one conversation or one review.',
  reportReason: 'Choose a reason from the list.',
  reportReasonFor: { space: 'Choose a reason that fits a listing.', user: 'Choose a reason that fits a person.', conversation: 'Choose a reason that fits a conversation.', review: 'Choose a reason that fits a review.' } satisfies Record<ReportTarget, string>,
  reportDetailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  reportTargetNotFound: 'We could not find what you are reporting. It may have been removed.',
  tooManyReports: 'You have sent many reports in a short time. Please try again later.',
  reasonRequired: 'Write a reason: it is kept in the audit log and, where the person is told, sent to them.',
  reasonTooLong: `The reason must be at most ${ACTION_REASON_MAX} characters.`,
  accountSuspended: 'This account is suspended. We sent the reason to its e-mail address; reply to that e-mail to appeal.',
  conversationSuspended: 'This account is suspended: messages can no longer be sent in this conversation.',
  listingHidden: 'This listing was hidden by FarmSpace. We sent you the reason by e-mail; reply to it to appeal.',
  listingInReview: 'This listing is waiting for review. We will e-mail you when it is live.',
  alreadyHidden: 'This listing is already hidden.',
  notHidden: 'This listing is not hidden.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  notLocked: 'This account is not locked.',
  reportClosed: 'This report is already closed.',
  alreadyRefunded: 'This payment was already refunded.',
  notRefundable: 'Only a successful payment can be refunded.',
  notAwaitingReview: 'This listing is not waiting for review.',
  failedItemNotFound: 'There is no such failed item: it may have been retried or dropped already.',
  refundUnavailable: 'The payment provider is not available: nothing was refunded. Try again later.',
  cannotSuspendOperator: 'An operator account cannot be suspended from the console.',
} as const;

export type AuditEntry = {
  id: number;
  actor: string;
  action: string;
  targetType: string;
  targetId: number;
  reason: string;
  details: Record<string, unknown>;
  createdAt: string;
};

export type ReportSummary = {
  id: number;
  reason: ReportReason;
  details: string;
  status: string;
  createdAt: string;
  reporter: { id: number; email: string; name: string };
  target: { type: ReportTarget; id: number; label: string };
};

export type UserHistory = {
  id: number;
  email: string;
  name: string;
  verified: boolean;
  createdAt: string;
  suspendedAt: string | null;
  suspendedReason: string | null;
  /** Set when the person closed the account (issue 28): its e-mail is a tombstone, its name "Former member". */
  closedAt: string | null;
  lockedUntil: string | null;
  listings: Array<{ id: number; title: string; status: string }>;
  payments: Array<{ id: number; amount: string; status: string; refundedAt: string | null; paidAt: string | null; spaceTitle: string | null }>;
  reports: Array<{ id: number; reason: string; status: string; createdAt: string }>;
};

export type QueueItem = ReportSummary & {
  subject: UserHistory | null;
  space: { id: number; title: string; status: string; hiddenReason: string | null } | null;
  conversation: Array<{ id: number; senderId: number; content: string; createdAt: string }> | null;
  /** A reported review (issue 28): what it says, and whether operators hid it already. */
  review: { id: number; rating: number; text: string; hidden: boolean } | null;
  history: AuditEntry[];
};

export const OVERVIEW_METRICS = ['new_users', 'listings_published', 'inquiries', 'messages', 'revenue_cents'] as const;
export type OverviewMetric = (typeof OVERVIEW_METRICS)[number];
export const OVERVIEW_METRIC_LABELS: Record<OverviewMetric, string> = {
  new_users: 'New users',
  listings_published: 'Listings published',
  inquiries: 'Inquiries',
  messages: 'Messages',
  revenue_cents: 'Revenue (USD)',
};

export type Overview = {
  days: number;
  /** One date per day, oldest first (UTC, YYYY-MM-DD). */
  dates: string[];
  series: Record<OverviewMetric, number[]>;
  totals: Record<OverviewMetric, number> & { page_views: number; card_opens: number; saves: number };
  openReports: number;
  awaitingReview: number;
};


/**
 * GET /api/admin/jobs: each background job as the answering instance saw it since it started (runs,
 * failures, the last error), and what waits for it in the database (the same on every instance).
 * Times are ISO strings; `backlog` and `lagSeconds` are null for jobs that sweep on a timer or when the
 * database did not answer in time.
 */
export type AdminJob = {
  name: string;
  intervalMs: number;
  runs: number;
  failures: number;
  running: boolean;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  backlog: number | null;
  lagSeconds: number | null;
  /** Items that exhausted their attempts, the newest FAILED_ITEMS_SHOWN of them; null for a job that keeps none. */
  failed: { total: number; items: AdminFailedItem[] } | null;
};
export type AdminJobsResponse = { instanceStartedAt: string; jobs: AdminJob[] };

/** A job's item that gave up (an e-mail the mail server kept refusing): an operator retries or drops it. */
export type AdminFailedItem = { id: number; label: string; attempts: number; lastError: string | null; queuedAt: string };

/** The jobs that keep their failed items, by the name the jobs view shows (POST /api/admin/jobs/{job}/items/{id}/retry|drop). */
export const JOBS_WITH_FAILED_ITEMS = ['email-outbox', 'saved-search-alerts'] as const;
export type JobWithFailedItems = (typeof JOBS_WITH_FAILED_ITEMS)[number];
export const FAILED_ITEMS_SHOWN = 20;
