// The JSON body of every error answer of the API (spec section 8: errors carry `message`).
import { z } from './zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  /** 409 from create-payment-intent: what this checkout would buy is paid for already (Back after paying). */
  'already_paid',
  'payload_too_large',
  'misdirected_request',
  'unsupported_media_type',
  'rate_limited',
  'account_locked',
  'email_unverified',
  'account_suspended',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
