// Taking one's data and closing one's account (issue 28; GDPR articles 15, 17 and 20): the texts the API and
// the settings island share, and the shape of the export (docs/decisions/1500, 1501). The zod schema of the
// call is in account-data.schemas.ts.

/** What the settings dialog asks to be typed before it sends the closing (a typed confirmation, never sent). */
export const CLOSE_ACCOUNT_WORD = 'CLOSE';

/** The name a closed account's messages, inquiries and agreements show from then on. */
export const FORMER_MEMBER_NAME = 'Former member';

export const ACCOUNT_DATA_TEXTS = {
  passwordRequired: 'Enter your password to close your account',
  passwordWrong: 'The password is incorrect: your account is still open',
  typeToConfirm: `To confirm, type ${CLOSE_ACCOUNT_WORD} in capital letters`,
  tooManyExports: 'You have downloaded your data several times in the last hour. Please try again later.',
  tooManyCloseAttempts: 'Too many attempts to close the account. Please try again later.',
  otherClosed: 'This person closed their FarmSpace account: their terms can no longer be accepted.',
  conversationClosed: 'This person closed their FarmSpace account: messages and lease terms can no longer be sent in this conversation. What you wrote to each other stays here.',
  closed: { title: 'Your account is closed', description: 'We sent a confirmation to your e-mail address. Thank you for having been part of FarmSpace.' },
  closeFailure: { title: 'Your account was not closed', fallback: 'Something went wrong. Please try again.' },
} as const;

/** The export's format version: raised when a section changes shape (a new section is additive). */
export const ACCOUNT_EXPORT_VERSION = 1;

/**
 * GET /api/account/export: one JSON document. Each section holds the rows of one kind, as plain JSON
 * (dates as ISO strings); new sections (reviews) are added beside these without changing them.
 */
export type AccountExport = {
  format: 'farmspace-account-export';
  version: number;
  exportedAt: string;
  /** Which rows each section holds and why (art. 15 access, art. 20 portability). */
  notes: Record<string, string>;
  sections: Record<string, unknown[] | Record<string, unknown>>;
};
