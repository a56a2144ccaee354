// Failed items in the jobs view (issue 31): an e-mail the mail server refuses for good (a 5xx; the
// development mailbox refuses .invalid domains) gives up at once; GET /api/admin/jobs lists it under the
// outbox job; an operator retries it (back in line, all attempts anew) or drops it (gone from the outbox),
// each with a reason in the audit log; refused calls change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsResponse } from '#contracts/moderation';
import { backgroundJobs } from '#api/jobs/index';
import { startJobs, type RunningJobs } from '#api/jobs/job-runner';
import { enqueueEmail } from '#api/modules/email/index';
import { MAX_ATTEMPTS, sendPendingEmails } from '#api/modules/email/outbox';
import { auditLog, emailNotifications } from '#db/schema/index';
import { startTestApp, type TestApp } from '../../fixtures/test-app';
import { createSignedInUser, type TestUser } from '../../fixtures/users';

const OPERATOR = 'job-items-ops@farmspace.test';

describe('failed job items: list, retry, drop', () => {
  let t: TestApp;
  let operator: TestUser;
  let jobs: RunningJobs;
  const queue = (recipient: string, subject: string) =>
    enqueueEmail(t.context, { userId: null, type: 'verification', recipient, content: { subject, text: 't', html: '<p>t</p>' } });
  const rowOf = async (recipient: string) => (await t.db.select().from(emailNotifications).where(eq(emailNotifications.recipient, recipient)))[0];
  const act = (user: TestUser | null, path: string, body: unknown = { reason: 'The domain was mistyped.' }) => t.request(path, { cookie: user?.cookie, body });

  beforeAll(async () => {
    t = await startTestApp({ env: { OPERATOR_EMAILS: OPERATOR } });
    operator = await createSignedInUser(t, { email: OPERATOR, verified: true });
    // The product's own jobs, at intervals far beyond the test: the view reads each job's failed items.
    jobs = startJobs(backgroundJobs(t.context).map((job) => ({ ...job, intervalMs: 3_600_000, run: async () => undefined })), t.context.logger, { clock: t.clock });
    t.context.jobs = jobs;
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('a permanent refusal (5xx) gives up at once (a temporary one is retried: accounts/email-outbox.test.ts)', async () => {
    await queue('first@nowhere.invalid', 'Verify your e-mail address');
    // (The operator's own sign-up e-mail, if queued, is delivered beside it.)
    expect((await sendPendingEmails(t.context)).failed).toBe(1);
    expect(await rowOf('first@nowhere.invalid')).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/^550 5\.1\.2 <first@nowhere\.invalid>/) });
    expect(MAX_ATTEMPTS).toBeGreaterThan(1);
  });

  it('lists the failed e-mails under the outbox job, newest first, with the last error', async () => {
    await queue('second@nowhere.invalid', 'Reset your password');
    await sendPendingEmails(t.context);
    const res = await t.request('/api/admin/jobs', { cookie: operator.cookie });
    expect(res.status).toBe(200);
    const body = res.json as AdminJobsResponse;
    const outbox = body.jobs.find((j) => j.name === 'email-outbox')!;
    expect(outbox.failed!.total).toBe(2);
    expect(outbox.failed!.items.map((i) => i.label)).toEqual(['verification e-mail to second@nowhere.invalid: Reset your password', 'verification e-mail to first@nowhere.invalid: Verify your e-mail address']);
    expect(outbox.failed!.items[0]).toMatchObject({ id: expect.any(Number), attempts: 1, lastError: expect.stringContaining('550'), queuedAt: expect.any(String) });
    // Jobs that keep no failed items say so with null.
    expect(body.jobs.find((j) => j.name === 'housekeeping')!.failed).toBeNull();
  });

  it('retry puts the e-mail back in line with all its attempts; drop removes it; each audited with the reason', async () => {
    const first = (await rowOf('first@nowhere.invalid'))!;
    const second = (await rowOf('second@nowhere.invalid'))!;
    const retried = await act(operator, `/api/admin/jobs/email-outbox/items/${first.id}/retry`);
    expect(retried.status).toBe(200);
    expect(await rowOf('first@nowhere.invalid')).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await rowOf('first@nowhere.invalid'))!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime());
    // Retrying again: no longer failed, so no such failed item.
    const again = await act(operator, `/api/admin/jobs/email-outbox/items/${first.id}/retry`);
    expect(again.status).toBe(404);
    expect(again.json.message).toMatch(/no such failed item/);

    expect((await act(operator, `/api/admin/jobs/email-outbox/items/${second.id}/drop`, { reason: 'Nobody at that address.' })).status).toBe(200);
    expect(await rowOf('second@nowhere.invalid')).toBeUndefined();
    expect((await act(operator, `/api/admin/jobs/email-outbox/items/${second.id}/drop`)).status).toBe(404);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'email')).orderBy(auditLog.id);
    expect(audit.map((a) => ({ action: a.action, targetId: a.targetId, actor: a.actor, reason: a.reason }))).toEqual([
      { action: 'job.retry', targetId: first.id, actor: OPERATOR, reason: 'The domain was mistyped.' },
      { action: 'job.drop', targetId: second.id, actor: OPERATOR, reason: 'Nobody at that address.' },
    ]);
    // What the e-mail was, never to whom: the audit log is kept for good.
    expect(audit[1]!.details).toMatchObject({ job: 'email-outbox', type: 'verification', subject: 'Reset your password', attempts: 1 });
    expect(JSON.stringify(audit.map((a) => a.details))).not.toContain('nowhere.invalid');

    // Once more through the outbox: refused again, failed again, listed again.
    await sendPendingEmails(t.context);
    expect(await rowOf('first@nowhere.invalid')).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('refuses without changing anything: not an operator (404), no reason (400), an unknown job or id (404)', async () => {
    const row = (await rowOf('first@nowhere.invalid'))!;
    const path = `/api/admin/jobs/email-outbox/items/${row.id}/drop`;
    expect((await act(null, path)).status).toBe(404);
    const someone = await createSignedInUser(t, { verified: true });
    expect((await act(someone, path)).status).toBe(404);
    const noReason = await act(operator, path, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await act(operator, `/api/admin/jobs/housekeeping/items/${row.id}/drop`)).status).toBe(404);
    expect((await act(operator, '/api/admin/jobs/email-outbox/items/99999999/drop')).status).toBe(404);
    expect((await act(operator, '/api/admin/jobs/email-outbox/items/abc/retry')).status).toBe(404);
    expect(await rowOf('first@nowhere.invalid')).toMatchObject({ status: 'failed' });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'email'), eq(auditLog.targetId, row.id)));
    expect(audit.map((a) => a.action)).toEqual(['job.retry']);
  });
});
