import type { Transaction } from 'kysely';
import type { AuditActionType, Database } from '../db/schema';

export interface AuditEntry {
  /** null: an operator at the command line. */
  adminUserId: string | null;
  actionType: AuditActionType;
  targetUserId?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  reason?: string | null;
}

/**
 * One admin_audit_logs row, written in the caller's transaction: the change and its audit
 * row commit together or not at all.
 */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('admin_audit_logs')
    .values({
      admin_user_id: entry.adminUserId,
      action_type: entry.actionType,
      target_user_id: entry.targetUserId ?? null,
      old_value: entry.oldValue === undefined ? null : JSON.stringify(entry.oldValue),
      new_value: entry.newValue === undefined ? null : JSON.stringify(entry.newValue),
      reason: entry.reason ?? null,
    })
    .execute();
}
