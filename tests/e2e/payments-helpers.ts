// Publishes a listing in the end-to-end tests the way its owner does (fixtures/api.ts); the name stays here
// for the specs that import it.
export { publishByTestCard } from './fixtures/api';
