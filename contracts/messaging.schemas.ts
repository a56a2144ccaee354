// Contracts of the inquiry, conversation and message calls (spec 5, 7): the request schemas the API
// validates with. The limits, texts and answer types live in messaging.ts (no zod, for islands).
import { z } from './zod';
import { DATABASE_ID_MAX } from './constants';
import { INQUIRY_MIN_LENGTH, MESSAGE_MAX_LENGTH, FARMER_NAME_MAX_LENGTH, MESSAGING_MESSAGES, THREAD_PAGE_DEFAULT, THREAD_PAGE_MAX, CONVERSATION_LOOKUP_MAX, CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX } from './messaging';

export * from './messaging';

const content = z
  .string({ error: MESSAGING_MESSAGES.messageBlank })
  .trim()
  .min(1, { error: MESSAGING_MESSAGES.messageBlank })
  .max(MESSAGE_MAX_LENGTH, { error: MESSAGING_MESSAGES.messageTooLong });

export const startConversationSchema = z.object({
  spaceId: z.coerce
    .number({ error: MESSAGING_MESSAGES.spaceNotFound })
    .int({ error: MESSAGING_MESSAGES.spaceNotFound })
    .positive({ error: MESSAGING_MESSAGES.spaceNotFound })
    .max(DATABASE_ID_MAX, { error: MESSAGING_MESSAGES.spaceNotFound }),
  content: content.pipe(z.string().min(INQUIRY_MIN_LENGTH, { error: MESSAGING_MESSAGES.inquiryTooShort })),
  farmerName: z
    .string({ error: MESSAGING_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGING_MESSAGES.nameRequired })
    .max(FARMER_NAME_MAX_LENGTH, { error: `Name must be at most ${FARMER_NAME_MAX_LENGTH} characters` })
    .optional(),
});
export type StartConversationRequest = z.infer<typeof startConversationSchema>;

export const sendMessageSchema = z.object({ content });
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

// Message ids are PostgreSQL integers: anything above their range is no message id (and must never reach the query).
const messageId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'must be a message id' })
    .regex(/^\d{1,10}$/, { error: 'must be a message id' })
    .transform(Number)
    .pipe(z.number().max(DATABASE_ID_MAX, { error: 'must be a message id' }))
    .optional(),
);
/** A page size given as ?limit= (a whole number up to `max`), `fallback` when absent. */
function pageLimit(fallback: number, max: number) {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: 'must be a whole number' })
      .regex(/^\d{1,3}$/, { error: 'must be a whole number' })
      .transform(Number)
      .pipe(z.number().min(1, { error: 'must be at least 1' }).max(max, { error: `must be at most ${max}` }))
      .default(fallback),
  );
}

export const threadQuerySchema = z.object({
  /** Only messages newer than this id (polling). */
  after: messageId,
  /** Only messages older than this id (loading history). */
  before: messageId,
  limit: pageLimit(THREAD_PAGE_DEFAULT, THREAD_PAGE_MAX),
});
export type ThreadQuery = z.output<typeof threadQuerySchema>;

/** GET /api/conversations/lookup?spaceIds=1,2,3: the listings on screen whose conversation the farmer has. */
export const conversationLookupQuerySchema = z.object({
  spaceIds: z
    .string({ error: 'spaceIds is required: a comma-separated list of listing ids' })
    .regex(new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${CONVERSATION_LOOKUP_MAX - 1}}$`), { error: `spaceIds must be a comma-separated list of up to ${CONVERSATION_LOOKUP_MAX} listing ids` })
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});

/** GET /api/conversations: one page, newest activity first; `before` is the X-Next-Cursor of the page above. */
export const conversationListQuerySchema = z.object({
  before: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'must be a cursor from X-Next-Cursor' }).max(200, { error: 'must be a cursor from X-Next-Cursor' }).optional()),
  limit: pageLimit(CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

