// The email module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { APPEAL_SENTENCE, accountClosedEmail, emailChangedNoticeEmail, escapeHtml, inquiryReceivedEmail, leaseAgreementEmail, moderationEmail, newMessagesEmail, passwordResetEmail, paymentConfirmationEmail, reviewInviteEmail, reviewPublishedEmail, savedSearchAlertEmail, verificationEmail } from './email-templates';
export { enqueueEmail, settleFailedEmail, tellUser } from './outbox';
