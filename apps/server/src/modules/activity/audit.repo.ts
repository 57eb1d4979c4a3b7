import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { activityLog } from '../../db/schema/index.ts';

/** One row of the activity log (/users/activity). */
export interface AuditEntry {
  userId: number | null;
  email?: string | null;
  /** 'METHOD /api/route' for API writes (read by describeActivity), or a named event ('login'). */
  action: string;
  objectType?: string | null;
  objectId?: string | number | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

const idText = (id: AuditEntry['objectId']) =>
  id === null || id === undefined ? null : String(id);

/**
 * The one writer of the activity log. Given the write's transaction, the row commits with the
 * change it describes and never exists for a change that rolled back.
 */
export const audit = {
  async record(db: DbOrTx, e: AuditEntry): Promise<void> {
    await db.insert(activityLog).values({
      userId: e.userId,
      email: e.email ?? null,
      action: e.action,
      objectType: e.objectType ?? null,
      objectId: idText(e.objectId),
      details: e.details ?? null,
      ip: e.ip ?? null,
    });
  },

  /**
   * Records `e` only when `tx` has written something (PostgreSQL gave it a transaction id): a
   * read-only transaction opened by a write request is not the write. True when recorded.
   */
  async recordIfWritten(tx: Tx, e: AuditEntry): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      INSERT INTO ${activityLog} (user_id, email, action, object_type, object_id, details, ip)
      SELECT ${e.userId}::int, ${e.email ?? null}::text, ${e.action}::text,
        ${e.objectType ?? null}::text, ${idText(e.objectId)}::text,
        ${e.details ? JSON.stringify(e.details) : null}::jsonb, ${e.ip ?? null}::text
      WHERE pg_current_xact_id_if_assigned() IS NOT NULL
      RETURNING id`);
    return rows.length > 0;
  },
};
