// The background jobs every API instance runs (each claims its rows, so N instances are safe).
import type { AppContext } from '../app-context';
import { MINUTE } from '../lib/clock';
import { expireListings } from '../modules/spaces/expire-listings';
import type { Job } from './job-runner';

export function backgroundJobs(ctx: AppContext): Job[] {
  return [{ name: 'listing-expiry', intervalMs: MINUTE, run: () => expireListings(ctx.db, ctx.clock.now()) }];
}
