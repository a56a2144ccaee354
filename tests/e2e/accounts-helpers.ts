// Helpers for the account end-to-end tests: unique users, API calls from a browser context (with the
// site's Origin, as the page itself would send), and the development mailbox. They live in fixtures/api.ts
// now (one set-up module for every spec); the names here stay for the specs that import them.
export { linkFrom, newUser, registerViaApi, waitForMail } from './fixtures/api';
