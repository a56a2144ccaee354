// Helpers for the spaces end-to-end tests: sign a user up (and so in) through the API rather than the
// login pages (fixtures/api.ts), and run axe (fixtures/axe.ts). The names stay here for the specs that import them.
export { signUpAndIn } from './fixtures/api';
export { expectNoSeriousAxeViolations } from './fixtures/axe';
