import { can } from '@eproto/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { runHot, type DbOrTx } from '../../db/client.ts';
import { boards, contracts, murals, userContracts } from '../../db/schema/index.ts';
import { seesEverything, type ScopeUser } from './scope-rules.ts';

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

/**
 * Condition on the `users` table (the field pickers' people): the user and whoever is linked
 * to one of their contracts; undefined (everyone) when the user sees every contract. People
 * of a contract they are not linked to stay out, as its demands and its agenda do.
 */
export function peopleScopeSql(u: ScopeUser): SQL | undefined {
  if (seesEverything(u)) return undefined;
  return sql`("users"."id" = ${u.id} or "users"."id" in (select pc."user_id" from "user_contracts" pc where pc."contract_id" in (select uc."contract_id" from "user_contracts" uc where uc."user_id" = ${u.id})))`;
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

/** SQL "the task named by alias is visible to u" (alias is a trusted identifier). */
export function taskVisibleAs(u: ScopeUser, alias: string): SQL | undefined {
  if (seesEverything(u)) return undefined;
  const a = sql.raw(`"${alias}"`);
  return sql`(${a}."responsavel_id" = ${u.id} or exists (select 1 from "murals" vm where vm."id" = ${a}."mural_id" and ${muralScopeSqlAs(u, 'vm')}))`;
}

/**
 * Columns that tell whether `u` sees a demand and how they take part in it, to add to any
 * select on "murals" (muralAccessOf turns them into rights).
 */
export function muralAccessColumns(u: ScopeUser) {
  const visible = muralScopeSql(u) ?? sql`true`;
  return {
    visible: sql<boolean>`${visible}`,
    participant: sql<boolean>`exists (select 1 from "mural_participants" x where x."mural_id" = "murals"."id" and x."user_id" = ${u.id})`,
    boardParticipant: sql<boolean>`exists (select 1 from "board_participants" y where y."board_id" = "murals"."board_id" and y."user_id" = ${u.id})`,
  };
}

/** The reads of the scope rules: ids in scope, one demand with its access columns. */
export function createScopeRepo(db: DbOrTx) {
  return {
    async linkedContractIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: userContracts.contractId })
        .from(userContracts)
        .where(eq(userContracts.userId, userId));
      return rows.map((r) => r.id);
    },

    async boardIdsWhere(where: SQL | undefined): Promise<number[]> {
      const rows = await db.select({ id: boards.id }).from(boards).where(where);
      return rows.map((r) => r.id);
    },

    async muralIdsWhere(where: SQL | undefined): Promise<number[]> {
      const rows = await db.select({ id: murals.id }).from(murals).where(where);
      return rows.map((r) => r.id);
    },

    /** The demand's own columns with muralAccessColumns(u). */
    async muralAccessRow(u: ScopeUser, id: number) {
      // Prepared (runHot): planning the scope's sub-selects cost more than running them.
      const [row] = await runHot(
        db,
        db
          .select({
            id: murals.id,
            titulo: murals.titulo,
            boardId: murals.boardId,
            contractId: murals.contractId,
            responsavelId: murals.responsavelId,
            createdBy: murals.createdBy,
            stage: murals.stage,
            ...muralAccessColumns(u),
          })
          .from(murals)
          .where(eq(murals.id, id))
          .limit(1),
      );
      return row;
    },

    /** The board `id` within `scope` (boardScopeSql). */
    async boardWithin(id: number, scope: SQL | undefined) {
      const [row] = await db
        .select({ id: boards.id, contractId: boards.contractId, createdBy: boards.createdBy })
        .from(boards)
        .where(scope ? sql`${boards.id} = ${id} and ${scope}` : eq(boards.id, id))
        .limit(1);
      return row;
    },

    /** The contract `id` within `scope` (contractScopeSql). */
    async contractWithin(id: number, scope: SQL | undefined) {
      const [row] = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(scope ? sql`${contracts.id} = ${id} and ${scope}` : eq(contracts.id, id))
        .limit(1);
      return row;
    },
  };
}
