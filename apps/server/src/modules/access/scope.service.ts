import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isManager, seesEverything, type ScopeUser } from './scope-rules.ts';
import {
  boardScopeSql,
  contractScopeSql,
  createScopeRepo,
  muralAccessColumns,
  muralScopeSql,
} from './scope.repo.ts';

// The rules and their SQL live beside this service (scope-rules.ts, scope.repo.ts); every area
// imports them from here.
export { isManager, seesEverything, type ScopeUser } from './scope-rules.ts';
export {
  boardScopeSql,
  contractScopeSql,
  muralScopeSql,
  muralScopeSqlAs,
  peopleScopeSql,
  protocolScopeByRowSql,
  protocolScopeSql,
  taskVisibleAs,
} from './scope.repo.ts';

/** A demand the caller may see, with what they may do on it. */
export interface MuralAccess {
  id: number;
  titulo: string;
  boardId: number;
  contractId: number | null;
  responsavelId: number | null;
  createdBy: number | null;
  stage: string;
  /** Gestor who sees the demand: edits fields, manages participants, deletes any attachment. */
  manager: boolean;
  /** Gestor, responsável, creator, participant or board participant: moves stage, posts, uploads. */
  member: boolean;
}

/** A demand's own columns and muralAccessColumns, as selected. */
export type MuralAccessRow = Omit<MuralAccess, 'manager' | 'member'> & {
  visible: boolean;
  participant: boolean;
  boardParticipant: boolean;
};

/** Access checks shared by every area (demands, tasks, chat, agenda, AI...). */
export function createScopeService(db: DbOrTx) {
  const repo = createScopeRepo(db);
  return {
    /** Ids of the contracts the user sees, or 'all'. */
    async contractIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      return repo.linkedContractIds(u.id);
    },

    /** Ids of the boards the user sees, or 'all'. */
    async boardIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      return repo.boardIdsWhere(boardScopeSql(u));
    },

    /** Ids of the demands the user sees, or 'all' (prefer muralScopeSql inside queries). */
    async muralIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      return repo.muralIdsWhere(muralScopeSql(u));
    },

    muralAccessColumns,

    /** The caller's rights from a row holding muralAccessColumns; null when out of scope. */
    muralAccessOf(u: ScopeUser, row: MuralAccessRow): MuralAccess | null {
      if (!row.visible) return null;
      const manager = isManager(u);
      const member =
        manager ||
        row.responsavelId === u.id ||
        row.createdBy === u.id ||
        row.participant ||
        row.boardParticipant;
      return {
        id: row.id,
        titulo: row.titulo,
        boardId: row.boardId,
        contractId: row.contractId,
        responsavelId: row.responsavelId,
        createdBy: row.createdBy,
        stage: row.stage,
        manager,
        member,
      };
    },

    /** The demand with the caller's rights on it, or null when it does not exist or is out of scope. */
    async muralAccess(u: ScopeUser, id: number, tx: DbOrTx = db): Promise<MuralAccess | null> {
      const row = await createScopeRepo(tx).muralAccessRow(u, id);
      return row ? this.muralAccessOf(u, row) : null;
    },

    /** Like muralAccess but throws 404 "Demanda não encontrada." when out of scope. */
    async assertMuralVisible(u: ScopeUser, id: number, tx: DbOrTx = db): Promise<MuralAccess> {
      const access = await this.muralAccess(u, id, tx);
      if (!access) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
      return access;
    },

    /** True when the user sees the board; throws 404 "Quadro não encontrado." otherwise. */
    async assertBoardVisible(u: ScopeUser, id: number, tx: DbOrTx = db) {
      const row = await createScopeRepo(tx).boardWithin(id, boardScopeSql(u));
      if (!row) throw new AppError('NOT_FOUND', 'Quadro não encontrado.');
      return row;
    },

    /** Throws 404 "Contrato não encontrado." unless the user sees the contract. */
    async assertContractVisible(u: ScopeUser, id: number, tx: DbOrTx = db) {
      const row = await createScopeRepo(tx).contractWithin(id, contractScopeSql(u));
      if (!row) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      return row;
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
