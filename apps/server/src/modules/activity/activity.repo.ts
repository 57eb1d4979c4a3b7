import { and, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityFilter } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { activityLog, users } from '../../db/schema/index.ts';

export interface ActivityFilterInput {
  userId?: number | undefined;
  action?: ActivityFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const methods = (...m: string[]) => or(...m.map((x) => like(activityLog.action, `${x} /%`)))!;

function actionCondition(action: ActivityFilter): SQL {
  switch (action) {
    case 'login':
    case 'login_failed':
    case 'logout':
    case 'invite_accepted':
      return eq(activityLog.action, action);
    case 'password':
      return inArray(activityLog.action, ['password_reset_requested', 'password_reset']);
    case 'write':
      return methods('POST', 'PUT', 'PATCH', 'DELETE');
    case 'create':
      return methods('POST');
    case 'update':
      return methods('PUT', 'PATCH');
    case 'delete':
      return methods('DELETE');
  }
}

export type ActivityRow = Awaited<
  ReturnType<ReturnType<typeof createActivityRepo>['page']>
>[number];

/** Reads of the activity log (rows are written by the auth service and the audit plugin). */
export function createActivityRepo(db: DbOrTx, timeZone: string) {
  function where(f: ActivityFilterInput) {
    const parts: SQL[] = [];
    if (f.userId) parts.push(eq(activityLog.userId, f.userId));
    if (f.action) parts.push(actionCondition(f.action));
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
    return and(...parts);
  }

  const select = () =>
    db
      .select({
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
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId));

  return {
    async page(f: ActivityFilterInput, limit: number, offset: number) {
      return select()
        .where(where(f))
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(limit)
        .offset(offset);
    },
    async count(f: ActivityFilterInput) {
      const [row] = await db.select({ n: count() }).from(activityLog).where(where(f));
      return row?.n ?? 0;
    },
  };
}
