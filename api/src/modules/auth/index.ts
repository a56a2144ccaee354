// The auth module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { closeUserRecord } from './account-closing';
export { liftLockout } from './account-lockout';
export { reinstateAccount, suspendAccount } from './account-suspension';
export { authHeaders, forwardSetCookie } from './better-auth-bridge';
export { isOperator, requireOperator } from './operators';
export { passwordMatches } from './password-check';
export { recordSecurityEvent, requestMeta, type RequestMeta } from './security-events';
export { signOut } from './sign-out';
export { findUserById, isShownPerson, isUniqueViolation } from './user-record';
