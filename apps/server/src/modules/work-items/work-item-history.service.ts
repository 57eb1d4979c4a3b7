import { HISTORY_PAGE_SIZE } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { forbidden } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { WorkItemAccess, WorkItemKind } from './work-item-kind.ts';
import { toHistory } from './work-item-mapper.ts';
import { createWorkItemsRepo } from './work-items.repo.ts';

/** History of any work item, newest first, and notes people write into it. */
export function createWorkItemHistoryService<F extends string, A extends WorkItemAccess>(
  deps: ServiceDeps,
  kind: WorkItemKind<F, A>,
) {
  const { db } = deps.database;

  /** One keyset page, newest first (historyPageQuery). */
  async function list(u: ScopeUser, id: number, page: { limit?: number; before?: number } = {}) {
    await kind.access(deps.access, db, u, id);
    const limit = page.limit ?? HISTORY_PAGE_SIZE;
    const rows = await createWorkItemsRepo(db, kind.tables).history(id, limit, page.before);
    return rows.map((r) => toHistory(kind, r));
  }

  return {
    list,

    async addNote(u: ScopeUser, id: number, texto: string) {
      const item = await kind.access(deps.access, db, u, id);
      if (!item.can.message) throw forbidden();
      await db.transaction(async (tx) => {
        await kind.touched(tx, item, u.id);
        await createWorkItemsRepo(tx, kind.tables).insertHistory(id, {
          authorId: u.id,
          action: 'nota',
          texto,
        });
      });
      await kind.changed(deps, item, 'history');
      return list(u, id);
    },
  };
}
