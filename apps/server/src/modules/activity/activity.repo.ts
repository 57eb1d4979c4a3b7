import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ActivityFilter } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { activityLog, users } from '../../db/schema/index.ts';

export interface ActivityFilterInput {
  userId?: number | undefined;
  action?: ActivityFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The kind of a log row: the auth action itself ("login", "password_reset") or the HTTP method
 * of a write ("POST" of "POST /api/invites"). Written exactly as the expression of
 * `activity_log_kind_idx`, so a filtered page is a range of that index.
 */
const activityKind = sql`split_part(${activityLog.action}, ' ', 1)`;

/** The kinds each filter of the page stands for. */
const FILTER_KINDS: Record<ActivityFilter, string[]> = {
  login: ['login'],
  login_failed: ['login_failed'],
  logout: ['logout'],
  invite_accepted: ['invite_accepted'],
  password: ['password_reset_requested', 'password_reset'],
  write: ['POST', 'PUT', 'PATCH', 'DELETE'],
  create: ['POST'],
  update: ['PUT', 'PATCH'],
  delete: ['DELETE'],
};

export type ActivityRow = Awaited<
  ReturnType<ReturnType<typeof createActivityRepo>['page']>
>[number];

/** Reads of the activity log (rows are written by the auth service and the audit plugin). */
export function createActivityRepo(db: DbOrTx, timeZone: string) {
  function where(f: ActivityFilterInput, before: number | undefined, kind: string | undefined) {
    const parts: SQL[] = [];
    if (f.userId) parts.push(eq(activityLog.userId, f.userId));
    if (kind) parts.push(sql`${activityKind} = ${kind}`);
    // Periods are whole days in the company's time zone.
    if (f.from)
      parts.push(
        sql`${activityLog.createdAt} >= (${f.from}::date::timestamp at time zone ${timeZone})`,
      );
    if (f.to) {
      parts.push(
        sql`${activityLog.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${timeZone})`,
      );
    }
    // An id that is not in the log gives no row to compare with, hence an empty page.
    if (before) {
      parts.push(
        sql`(${activityLog.createdAt}, ${activityLog.id}) < (select b."created_at", b."id" from ${activityLog} b where b."id" = ${before})`,
      );
    }
    return and(...parts);
  }

  const columns = {
    id: activityLog.id,
    createdAt: activityLog.createdAt,
    userId: activityLog.userId,
    userNome: users.nome,
    userEmail: users.email,
    email: activityLog.email,
    action: activityLog.action,
    objectType: activityLog.objectType,
    objectId: activityLog.objectId,
    ip: activityLog.ip,
  };
  const newestFirst = [desc(activityLog.createdAt), desc(activityLog.id)];

  /** One kind (or every row): the newest `limit` rows older than `before`, from one index. */
  const branch = (f: ActivityFilterInput, limit: number, before?: number, kind?: string) =>
    db
      .select(columns)
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(where(f, before, kind))
      .orderBy(...newestFirst)
      .limit(limit);

  return {
    /**
     * Newest first, one keyset page: the rows after `before` (the id of the last row shown) in
     * (created_at desc, id desc) order. A filter of several kinds reads each kind's range of
     * `activity_log_kind_idx` (at most `limit` rows each) and merges them, so a page costs
     * O(limit) however long the log is; an `IN (...)` would sort every row of those kinds.
     */
    page(f: ActivityFilterInput, limit: number, before?: number) {
      const kinds = f.action ? FILTER_KINDS[f.action] : [undefined];
      const [first, second, ...rest] = kinds.map((k) => branch(f, limit, before, k));
      if (!second) return first!;
      return unionAll(first!, second, ...rest)
        .orderBy(sql`"created_at" desc`, sql`"id" desc`)
        .limit(limit);
    },
  };
}
