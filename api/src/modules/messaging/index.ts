// The messaging module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { addThreadMessage, participantConversation, type ConversationHead } from './conversations.service';
export { closeInquiries, forgetInquirerOf, markInquiriesResponded } from './inquiries';
export { ownerResponse, type OwnerResponse } from './owner-response';
export { claimNotification, markNotified, notifyMessage, type MessagingContext, type Role } from './notify';
