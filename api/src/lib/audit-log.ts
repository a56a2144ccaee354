// The audit log: one row per operator action and per automatic action of the same kind, written in the
// transaction of the action itself (so it exists exactly when the action happened). The database refuses
// UPDATE, DELETE and TRUNCATE on it (migration moderation_sql); this module only inserts and reads.
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '#contracts/moderation';
import type { Executor } from '#db/client';
import { auditLog } from '#db/schema/index';

/** An operator of the console (issue 19): a verified account named in OPERATOR_EMAILS. */
export type Operator = { id: number; email: string };

/**
 * An operator; 'system' for automatic actions (expiry, webhooks); 'command-line' for `npm run coupon`;
 * 'account-holder' for what a person does to their own account that the log must keep (closing it).
 */
export type AuditActor = Operator | 'system' | 'command-line' | 'account-holder';
/** `email`: an outbox e-mail an operator retried or dropped from the jobs view. */
export type AuditTarget = 'space' | 'user' | 'report' | 'payment' | 'coupon' | 'email' | 'review';

export type AuditRecord = { actor: AuditActor; action: string; targetType: AuditTarget; targetId: number; reason: string; details?: Record<string, unknown>; at: Date };

/** Writes one entry, or a batch of them in one statement (an automatic action over many rows: expiry). */
export async function recordAudit(tx: Executor, entry: AuditRecord | AuditRecord[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (!entries.length) return;
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      actorId: typeof e.actor === 'string' ? null : e.actor.id,
      actor: typeof e.actor === 'string' ? e.actor : e.actor.email,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      reason: e.reason,
      details: e.details ?? {},
      createdAt: e.at,
    })),
  );
}

export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, in keyset pages (`before` = the last id seen). */
export async function listAudit(
  db: Executor,
  query: { action?: string; targetType?: AuditTarget; targetId?: number; actorId?: number; before?: number; limit: number },
): Promise<AuditEntry[]> {
  const conditions: (SQL | undefined)[] = [
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
    query.targetId !== undefined ? eq(auditLog.targetId, query.targetId) : undefined,
    query.actorId !== undefined ? eq(auditLog.actorId, query.actorId) : undefined,
    query.before !== undefined ? lt(auditLog.id, query.before) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return rows.map(toAuditEntry);
}
