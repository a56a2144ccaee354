// The background jobs every API instance runs (each claims its rows, so N instances are safe).
import type { AppContext } from '../app-context';
import type { Job } from './job-runner';

export function backgroundJobs(_ctx: AppContext): Job[] {
  return [];
}
