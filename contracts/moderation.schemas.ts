// Contracts of reports and the operators' console (issue 19): the request schemas the API validates with.
// Texts, lists and answer types live in moderation.ts (no zod, for islands).
import { z } from './zod';
import { DATABASE_ID_MAX } from './constants';
import { ACTION_REASON_MAX, AUDIT_PAGE_MAX, MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASONS_FOR, type ReportTarget } from './moderation';

export * from './moderation';

const id = z.coerce.number().int().positive().max(DATABASE_ID_MAX);

export const createReportSchema = z
  .object({
    spaceId: id.optional(),
    userId: id.optional(),
    conversationId: id.optional(),
    reviewId: id.optional(),
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reportReason }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, { error: MODERATION_MESSAGES.reportDetailsTooLong }).default(''),
  })
  .refine((v) => [v.spaceId, v.userId, v.conversationId, v.reviewId].filter((x) => x !== undefined).length === 1, {
    error: MODERATION_MESSAGES.reportOneTarget,
    path: ['spaceId'],
  })
  // Each kind of report has the reasons that fit it (issue 43, item 15): a review is not "Not a real space".
  .superRefine((v, ctx) => {
    const target = reportTargetOf(v);
    if (!REPORT_REASONS_FOR[target].includes(v.reason)) ctx.addIssue({ code: 'custom', message: MODERATION_MESSAGES.reportReasonFor[target], path: ['reason'] });
  });

type ReportIds = { spaceId?: number; userId?: number; conversationId?: number; reviewId?: number };

/** Which kind of report a request is, from the one id it names. */
export function reportTargetOf(v: ReportIds): ReportTarget {
  return v.reviewId !== undefined ? 'review' : v.conversationId !== undefined ? 'conversation' : v.userId !== undefined ? 'user' : 'space';
}
export type CreateReportRequest = z.infer<typeof createReportSchema>;

export const actionReasonSchema = z.object({
  reason: z
    .string({ error: MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: MODERATION_MESSAGES.reasonRequired })
    .max(ACTION_REASON_MAX, { error: MODERATION_MESSAGES.reasonTooLong }),
});

export const refundSchema = actionReasonSchema.extend({
  /** A refunded listing fee unpublishes its listing unless the operator keeps it published. */
  keepPublished: z.boolean().optional().default(false),
});
/** What an operator's action sends: its reason, and for a refund whether the listing stays published. */
export type AdminActionRequest = z.input<typeof refundSchema>;

export const auditQuerySchema = z.object({
  action: z.string().trim().max(40).optional(),
  targetType: z.enum(['space', 'user', 'report', 'payment', 'coupon', 'email', 'review', 'saved_search']).optional(),
  targetId: id.optional(),
  actorId: id.optional(),
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

export const adminSearchSchema = z.object({
  q: z.string().trim().min(1, { error: 'Type an e-mail, a name, a title or an id.' }).max(200),
});

export const overviewQuerySchema = z.object({
  days: z.coerce.number().pipe(z.union([z.literal(30), z.literal(90)], { error: 'days must be 30 or 90' })).default(30),
});

export const adminCouponSchema = z
  .object({
    code: z.string().trim().min(3).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: 'Letters, digits, - and _ only.' }),
    name: z.string().trim().min(1).max(255).optional(),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOffCents: z.number().int().positive().max(1_000_000).optional(),
    maxRedemptions: z.number().int().positive().max(1_000_000).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.percentOff === undefined) !== (v.amountOffCents === undefined), { error: 'Give exactly one of percentOff or amountOffCents.', path: ['percentOff'] });
export type AdminCouponRequest = z.input<typeof adminCouponSchema>;
