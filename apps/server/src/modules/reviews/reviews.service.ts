import type {
  Protocol,
  ReviewChanges,
  reviewChangesQuery,
  ReviewItem,
  ReviewMural,
  reviewCountQuery,
  reviewListQuery,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { isReviewer } from '../protocols/protocol-access.ts';
import type { ProtocolEditService } from '../protocols/protocol-edit.service.ts';
import { createReviewsRepo, reviewsWhere } from './reviews.repo.ts';

type ListQuery = z.output<typeof reviewListQuery>;
type CountQuery = z.output<typeof reviewCountQuery>;
type ChangesQuery = z.output<typeof reviewChangesQuery>;
type ReviewRow = Awaited<ReturnType<ReturnType<typeof createReviewsRepo>['page']>>[number];

function toReviewItem(r: ReviewRow): ReviewItem {
  return {
    id: r.task.id,
    protocol_id: r.task.id,
    titulo: r.task.titulo,
    prioridade: r.task.prioridade,
    mural_id: r.task.muralId,
    mural_titulo: r.muralTitulo,
    contract_id: r.contractId,
    contract_nome: r.contractNome,
    responsavel: r.resp ? toUserRef(r.resp) : null,
    inicio_previsto: r.task.inicioPrevisto,
    fim_previsto: r.task.fimPrevisto,
    since: (r.task.reviewRequestedAt ?? r.task.updatedAt).toISOString(),
  };
}

/**
 * The review queue (PRODUCT.md "Reviews"): tasks in em_revisao waiting for a decision, in the
 * demands the reviewer sees. Decisions go through the tasks service (row lock, history, notify).
 */
export function createReviewsService(
  deps: ServiceDeps,
  { protocolEdits: edits }: { protocolEdits: ProtocolEditService },
) {
  const repo = createReviewsRepo(deps.database.db);

  const where = (
    u: ScopeUser,
    contractId: number | undefined,
    status: Parameters<typeof reviewsWhere>[0] = 'pendente',
  ) => reviewsWhere(status, protocolScopeSql(u), contractId);

  return {
    async list(u: ScopeUser, q: ListQuery): Promise<{ items: ReviewItem[]; total: number }> {
      const cond = where(u, q.contract_id);
      const [rows, total] = await Promise.all([
        repo.page(cond, q.perPage, (q.page - 1) * q.perPage),
        repo.count(cond),
      ]);
      return { items: rows.map(toReviewItem), total };
    },

    /**
     * What changed on one page of the queue since `updated_since` (reviewers only, like the
     * queue): its ids now, its reviews whose task or demand changed since, the page's total,
     * a cursor and the caller's whole pending count (the menu badge).
     */
    async changes(u: ScopeUser, q: ChangesQuery): Promise<ReviewChanges> {
      const cursor = nextSyncCursor();
      const cond = where(u, q.contract_id);
      const [page, total, count] = await Promise.all([
        repo.pageChangesSince(cond, q.perPage, (q.page - 1) * q.perPage, new Date(q.updated_since)),
        repo.count(cond),
        q.contract_id === undefined ? null : repo.count(where(u, undefined)),
      ]);
      const order = new Map(page.ids.map((id, i) => [id, i]));
      const items = page.rows
        .map(toReviewItem)
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { items, ids: page.ids, total, cursor, count: count ?? total };
    },

    /** How many reviews of a status the caller's queue holds; 0 for roles that do not review. */
    async count(u: ScopeUser, q: CountQuery): Promise<{ count: number }> {
      if (!isReviewer(u)) return { count: 0 };
      return { count: await repo.count(where(u, q.contract_id, q.status)) };
    },

    async murals(u: ScopeUser, contractId: number | undefined): Promise<ReviewMural[]> {
      const rows = await repo.murals(where(u, contractId));
      return rows.map((r) => ({
        mural_id: r.muralId,
        titulo: r.titulo,
        contract_id: r.contractId,
        contract_nome: r.contractNome,
        pending: r.pending,
      }));
    },

    approve(u: ScopeUser, id: number, comment: string | undefined): Promise<Protocol> {
      return edits.decideReview(u, id, 'aprovado', comment?.trim() || null);
    },

    reject(u: ScopeUser, id: number, comment: string): Promise<Protocol> {
      return edits.decideReview(u, id, 'rejeitado', comment);
    },
  };
}
