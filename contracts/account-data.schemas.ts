// DELETE /api/account's request (issue 28): checked by the settings dialog and again by the API.
import { z } from './zod';
import { ACCOUNT_DATA_TEXTS } from './account-data';

/** DELETE /api/account. */
export const closeAccountRequestSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_TEXTS.passwordRequired })
    .min(1, { error: ACCOUNT_DATA_TEXTS.passwordRequired })
    .max(1024, { error: ACCOUNT_DATA_TEXTS.passwordWrong }),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;
