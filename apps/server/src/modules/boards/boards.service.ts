import { RT_EVENTS } from '@eproto/domain';
import type { Board, boardCreateBody, boardUpdateBody } from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import {
  boardScopeSql,
  isManager,
  muralScopeSqlAs,
  type ScopeUser,
} from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { boardsWhere, createBoardsRepo } from './boards.repo.ts';

type BoardListRow = Awaited<ReturnType<ReturnType<typeof createBoardsRepo>['list']>>[number];

function toBoard(r: BoardListRow, canEdit: boolean): Board {
  return {
    id: r.board.id,
    nome: r.board.nome,
    descricao: r.board.descricao,
    contract_id: r.board.contractId,
    contract_nome: r.contractNome,
    cor: r.board.cor,
    created_by: r.board.createdBy,
    created_at: r.board.createdAt.toISOString(),
    updated_at: r.board.updatedAt.toISOString(),
    participantes: r.participantes,
    demandas: r.demandas,
    can_edit: canEdit,
  };
}

/**
 * Boards (quadros): everyone lists and reads the boards of their scope; gestores who see a
 * board create, edit, delete it and manage its participants (docs/lab-notes.md).
 */
export function createBoardsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const repo = createBoardsRepo(db);
  const scope = deps.access.scope(db);

  const mustManage = (u: ScopeUser) => {
    if (!isManager(u)) throw forbidden();
  };

  async function get(u: ScopeUser, id: number): Promise<Board> {
    const [row] = await repo.list(
      boardsWhere({ id, visible: boardScopeSql(u) }),
      muralScopeSqlAs(u, 'sm'),
    );
    if (!row) throw new AppError('NOT_FOUND', 'Quadro não encontrado.');
    return toBoard(row, isManager(u));
  }

  async function publish(boardId: number) {
    const userIds = await repo.participantIds(boardId);
    if (userIds.length) {
      await deps.events.publish({
        type: RT_EVENTS.boardChanged,
        userIds,
        id: boardId,
        data: { id: boardId },
      });
    }
  }

  return {
    get,

    async list(u: ScopeUser, contractId?: number): Promise<Board[]> {
      const where = boardsWhere({ contractId, visible: boardScopeSql(u) });
      const rows = await repo.list(where, muralScopeSqlAs(u, 'sm'));
      return rows.map((r) => toBoard(r, isManager(u)));
    },

    async create(u: ScopeUser, body: z.output<typeof boardCreateBody>): Promise<Board> {
      mustManage(u);
      if (body.contract_id) await scope.assertContractVisible(u, body.contract_id);
      const wanted = [...new Set(body.participants ?? [])];
      const active = await repo.activeUserIds(wanted);
      if (active.length !== wanted.length) {
        throw new AppError('VALIDATION', 'Participante não encontrado ou inativo.', 'participants');
      }
      const id = await db.transaction(async (tx) => {
        const r = createBoardsRepo(tx);
        const board = await r.insert({
          nome: body.nome,
          descricao: body.descricao ?? null,
          contractId: body.contract_id ?? null,
          cor: body.cor ?? '#228be6',
          createdBy: u.id,
        });
        await r.addParticipants(board.id, active, u.id);
        return board.id;
      });
      await publish(id);
      return get(u, id);
    },

    async update(u: ScopeUser, id: number, body: z.output<typeof boardUpdateBody>) {
      await scope.assertBoardVisible(u, id);
      mustManage(u);
      if (body.contract_id) await scope.assertContractVisible(u, body.contract_id);
      await db.transaction((tx) =>
        createBoardsRepo(tx).update(id, {
          nome: body.nome,
          descricao: body.descricao,
          contractId: body.contract_id,
          cor: body.cor,
        }),
      );
      await publish(id);
      return get(u, id);
    },

    async remove(u: ScopeUser, id: number) {
      await scope.assertBoardVisible(u, id);
      mustManage(u);
      if (await repo.hasMurals(id)) {
        throw new AppError(
          'CONFLICT',
          'O quadro ainda tem demandas. Mova-as para outro quadro antes de excluí-lo.',
        );
      }
      const userIds = await repo.participantIds(id);
      await db.transaction((tx) => createBoardsRepo(tx).remove(id));
      if (userIds.length) {
        await deps.events.publish({ type: RT_EVENTS.boardChanged, userIds, id, data: { id } });
      }
    },

    async participants(u: ScopeUser, id: number) {
      await scope.assertBoardVisible(u, id);
      const rows = await repo.participants(id);
      return rows.map((r) => ({
        user_key: r.user.id,
        user: toUserRef(r.user),
        added_at: r.addedAt.toISOString(),
      }));
    },

    async addParticipant(u: ScopeUser, id: number, userKey: number) {
      await scope.assertBoardVisible(u, id);
      mustManage(u);
      const [active] = await repo.activeUserIds([userKey]);
      if (!active) {
        throw new AppError('NOT_FOUND', 'Usuário não encontrado ou inativo.', 'user_key');
      }
      const added = await db.transaction((tx) =>
        createBoardsRepo(tx).addParticipants(id, [userKey], u.id),
      );
      if (added.length === 0) {
        throw new AppError('CONFLICT', 'Esta pessoa já participa do quadro.');
      }
      await publish(id);
      return this.participants(u, id);
    },

    async removeParticipant(u: ScopeUser, id: number, userKey: number) {
      await scope.assertBoardVisible(u, id);
      mustManage(u);
      const removed = await db.transaction((tx) =>
        createBoardsRepo(tx).removeParticipant(id, userKey),
      );
      if (!removed) {
        throw new AppError('NOT_FOUND', 'Participante não encontrado.');
      }
      await publish(id);
      await deps.events.publish({
        type: RT_EVENTS.boardChanged,
        userIds: [userKey],
        id,
        data: { id },
      });
    },
  };
}
