// The auth module's public surface: what other modules may import (docs/decisions/1310). Anything else in
// this folder is internal; the dependency rule (npm run lint:modules) refuses an import of it from another module.
export { liftLockout } from './account-lockout';
export { reinstateAccount, suspendAccount } from './account-suspension';
export { isOperator, requireOperator } from './operators';
export { requestMeta, type RequestMeta } from './security-events';
export { isUniqueViolation } from './user-record';
