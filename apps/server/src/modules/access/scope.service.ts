import { can, type Role } from '@eproto/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boards, contracts, murals, userContracts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** The part of the signed-in user that scope rules read. */
export interface ScopeUser {
  id: number;
  type: Role;
}

/** contracts.all (diretoria, ti, administrador): every contract, board and demand. */
export function seesEverything(u: ScopeUser): boolean {
  return can(u, 'contracts.all');
}

/** demands.manage (the gestores, ti and administrador): create and edit boards/demands. */
export function isManager(u: ScopeUser): boolean {
  return can(u, 'demands.manage');
}

/**
 * SQL condition "user u may see the demand whose columns are named with `alias`" (alias is a
 * trusted identifier written in code, never user input). Undefined-free: always returns SQL.
 *
 * Scope rule (docs/lab-notes.md "Access scope"): a user who does not see everything sees a
 * demand when ANY of these holds:
 *   1. its contract is linked to them (user_contracts);
 *   2. they participate in its board (board_participants);
 *   3. they are its responsável or its creator;
 *   4. they are one of its participants (mural_participants);
 *   5. they are responsável of one of its tasks (protocols);
 *   6. they hold finance.demands.read (financeiro) and the demand was sent to finance (finance_status not null).
 * Each branch is an indexed lookup; PostgreSQL runs the IN sub-selects once per query
 * (hashed sub-plans), so lists stay one query whatever their size.
 */
function muralPredicate(u: ScopeUser, alias: string): SQL {
  const a = sql.raw(`"${alias}"`);
  const finance = can(u, 'finance.demands.read')
    ? sql` or ${a}."finance_status" is not null`
    : sql.raw('');
  return sql`(${a}."contract_id" in (select uc."contract_id" from "user_contracts" uc where uc."user_id" = ${u.id})
    or ${a}."board_id" in (select bp."board_id" from "board_participants" bp where bp."user_id" = ${u.id})
    or ${a}."responsavel_id" = ${u.id}
    or ${a}."created_by" = ${u.id}
    or ${a}."id" in (select mp."mural_id" from "mural_participants" mp where mp."user_id" = ${u.id})
    or ${a}."id" in (select p."mural_id" from "protocols" p where p."responsavel_id" = ${u.id})${finance})`;
}

/**
 * Condition on the `murals` table for list queries; undefined when the user sees everything
 * (so `and(undefined, ...)` adds nothing). Use only in queries FROM "murals" without alias.
 */
export function muralScopeSql(u: ScopeUser): SQL | undefined {
  return seesEverything(u) ? undefined : muralPredicate(u, 'murals');
}

/** Same rule for a query that names the murals table with another alias. */
export function muralScopeSqlAs(u: ScopeUser, alias: string): SQL | undefined {
  return seesEverything(u) ? undefined : muralPredicate(u, alias);
}

/**
 * Condition on the `boards` table: the user sees a board when they participate in it, created
 * it, are linked to its contract, or see at least one demand on it.
 */
export function boardScopeSql(u: ScopeUser): SQL | undefined {
  if (seesEverything(u)) return undefined;
  return sql`("boards"."id" in (select bp."board_id" from "board_participants" bp where bp."user_id" = ${u.id})
    or "boards"."created_by" = ${u.id}
    or "boards"."contract_id" in (select uc."contract_id" from "user_contracts" uc where uc."user_id" = ${u.id})
    or exists (select 1 from "murals" sm where sm."board_id" = "boards"."id" and ${muralPredicate(u, 'sm')}))`;
}

/** Condition on the `contracts` table: linked contracts only, unless the user sees everything. */
export function contractScopeSql(u: ScopeUser): SQL | undefined {
  if (seesEverything(u)) return undefined;
  return sql`"contracts"."id" in (select uc."contract_id" from "user_contracts" uc where uc."user_id" = ${u.id})`;
}

/**
 * Condition on the `protocols` table (tasks area): a task is visible when its demand is, or
 * when the user is its responsável.
 */
export function protocolScopeSql(u: ScopeUser): SQL | undefined {
  if (seesEverything(u)) return undefined;
  return sql`("protocols"."responsavel_id" = ${u.id}
    or exists (select 1 from "murals" pm where pm."id" = "protocols"."mural_id" and ${muralPredicate(u, 'pm')}))`;
}

/**
 * protocolScopeSql read on each task's own demand by its primary key (a scalar sub-select per
 * row): the same rule. Written as EXISTS, the planner may instead hash every demand the user sees
 * (a scan of all 50,000 at 10×, 100–190 ms) once it expects more than a handful of tasks; the
 * global search reads a few candidates per area, so probing each is what stays cheap.
 */
export function protocolScopeByRowSql(u: ScopeUser): SQL | undefined {
  if (seesEverything(u)) return undefined;
  return sql`("protocols"."responsavel_id" = ${u.id}
    or coalesce((select ${muralPredicate(u, 'pm')} from "murals" pm where pm."id" = "protocols"."mural_id"), false))`;
}

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
  return {
    /** Ids of the contracts the user sees, or 'all'. */
    async contractIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      const rows = await db
        .select({ id: userContracts.contractId })
        .from(userContracts)
        .where(eq(userContracts.userId, u.id));
      return rows.map((r) => r.id);
    },

    /** Ids of the boards the user sees, or 'all'. */
    async boardIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      const rows = await db.select({ id: boards.id }).from(boards).where(boardScopeSql(u));
      return rows.map((r) => r.id);
    },

    /** Ids of the demands the user sees, or 'all' (prefer muralScopeSql inside queries). */
    async muralIds(u: ScopeUser): Promise<number[] | 'all'> {
      if (seesEverything(u)) return 'all';
      const rows = await db.select({ id: murals.id }).from(murals).where(muralScopeSql(u));
      return rows.map((r) => r.id);
    },

    /**
     * Columns that tell whether `u` sees a demand and how they take part in it, to add to any
     * select on "murals" (muralAccessOf turns them into rights).
     */
    muralAccessColumns(u: ScopeUser) {
      const visible = muralScopeSql(u) ?? sql`true`;
      return {
        visible: sql<boolean>`${visible}`,
        participant: sql<boolean>`exists (select 1 from "mural_participants" x where x."mural_id" = "murals"."id" and x."user_id" = ${u.id})`,
        boardParticipant: sql<boolean>`exists (select 1 from "board_participants" y where y."board_id" = "murals"."board_id" and y."user_id" = ${u.id})`,
      };
    },

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
      const [row] = await tx
        .select({
          id: murals.id,
          titulo: murals.titulo,
          boardId: murals.boardId,
          contractId: murals.contractId,
          responsavelId: murals.responsavelId,
          createdBy: murals.createdBy,
          stage: murals.stage,
          ...this.muralAccessColumns(u),
        })
        .from(murals)
        .where(eq(murals.id, id))
        .limit(1);
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
      const scope = boardScopeSql(u);
      const [row] = await tx
        .select({ id: boards.id, contractId: boards.contractId, createdBy: boards.createdBy })
        .from(boards)
        .where(scope ? sql`${boards.id} = ${id} and ${scope}` : eq(boards.id, id))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Quadro não encontrado.');
      return row;
    },

    /** Throws 404 "Contrato não encontrado." unless the user sees the contract. */
    async assertContractVisible(u: ScopeUser, id: number, tx: DbOrTx = db) {
      const scope = contractScopeSql(u);
      const [row] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(scope ? sql`${contracts.id} = ${id} and ${scope}` : eq(contracts.id, id))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      return row;
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
