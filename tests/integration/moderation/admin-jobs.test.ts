// GET /api/admin/jobs (issue 31): each background job's runs, failures with the last error, backlog and lag,
// for operators only (404 to everyone else, as every /api/admin route).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsResponse } from '#contracts/moderation';
import { startJobs, type RunningJobs } from '#api/jobs/job-runner';
import { MINUTE } from '#api/lib/clock';
import { enqueueEmail } from '#api/modules/email/index';
import { outboxBacklog } from '#api/modules/email/outbox';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR = 'jobs-ops@farmspace.test';

describe('GET /api/admin/jobs', () => {
  let t: TestApp;
  let operator: TestUser;
  let jobs: RunningJobs;
  beforeAll(async () => {
    t = await startTestApp({ env: { OPERATOR_EMAILS: OPERATOR } });
    operator = await createSignedInUser(t, { email: OPERATOR, verified: true });
    await enqueueEmail(t.context, { userId: null, type: 'password_reset', recipient: 'queued@example.com', content: { subject: 's', text: 't', html: '<p>t</p>' } });
    // The outbox job "runs" without sending (as if the SMTP server were away), so its e-mail stays due.
    let attempt = 0;
    jobs = startJobs(
      [
        { name: 'email-outbox', intervalMs: 60_000, run: async () => undefined, backlog: () => outboxBacklog(t.context) },
        { name: 'flaky', intervalMs: 60_000, run: async () => { if (++attempt === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:25'); } },
        { name: 'housekeeping', intervalMs: 60_000, run: async () => undefined },
      ],
      t.context.logger,
      { metrics: t.context.metrics, clock: t.clock },
    );
    t.context.jobs = jobs;
    // Each job's first run starts at once (setImmediate) and ends within a few milliseconds.
    for (let waited = 0; !jobs.status().every((j) => j.runs === 1) && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    t.clock.advance(7 * MINUTE);
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('shows each job’s last run, failures with the last error, backlog and lag to an operator', async () => {
    const res = await t.request('/api/admin/jobs', { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const body = res.json as AdminJobsResponse;
    const byName = Object.fromEntries(body.jobs.map((j) => [j.name, j]));
    expect(Object.keys(byName)).toEqual(['email-outbox', 'flaky', 'housekeeping']);
    expect(byName['email-outbox']).toMatchObject({ runs: 1, failures: 0, lastError: null, backlog: 1 });
    expect(byName['email-outbox']!.lagSeconds).toBeGreaterThanOrEqual(7 * 60);
    expect(byName['email-outbox']!.lastSuccessAt).toEqual(expect.any(String));
    expect(byName.flaky).toMatchObject({ runs: 1, failures: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25', lastSuccessAt: null });
    expect(byName.flaky!.lastFailureAt).toEqual(expect.any(String));
    // A job that sweeps on a timer has no backlog to show.
    expect(byName.housekeeping).toMatchObject({ backlog: null, lagSeconds: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is a 404 to visitors and to signed-in people who are not operators', async () => {
    expect((await t.request('/api/admin/jobs')).status).toBe(404);
    const someone = await createSignedInUser(t, { verified: true });
    expect((await t.request('/api/admin/jobs', { cookie: someone.cookie })).status).toBe(404);
  });
});
