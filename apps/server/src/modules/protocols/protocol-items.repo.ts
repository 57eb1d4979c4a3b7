import type { DbOrTx } from '../../db/client.ts';
import { protocolHistory } from '../../db/schema/index.ts';

export type ProtocolHistoryInsert = typeof protocolHistory.$inferInsert;

/** History entries written by the task services (the thread reads them: modules/work-items). */
export function createProtocolItemsRepo(db: DbOrTx) {
  return {
    async insertHistory(rows: ProtocolHistoryInsert | ProtocolHistoryInsert[]) {
      const list = Array.isArray(rows) ? rows : [rows];
      if (list.length === 0) return;
      await db.insert(protocolHistory).values(list);
    },
  };
}
