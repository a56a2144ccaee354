// The agreements module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { proposalForParty, type AgreementParties } from './proposals.service';
export { inviteReviewers, reviewInvitationBacklog } from './review-invitations';
