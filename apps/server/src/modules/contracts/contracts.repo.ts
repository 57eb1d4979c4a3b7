import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { can, roleOf, type ContractStatus, type Stage } from '@eproto/domain';
import { overdueCountSql } from '../../db/plan-overdue.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, userContracts, users } from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';

export type ContractInsert = typeof contracts.$inferInsert;
export type ContractRow = typeof contracts.$inferSelect;

/** Scope of `list`: the contract `id` within `visible` (everyone's when undefined). */
export function contractIdWithin(id: number, visible: SQL | undefined): SQL {
  return sql`${contracts.id} = ${id} and ${visible ?? sql`true`}`;
}

/** Scope of `links`: the links of the contracts `userId` is linked to. */
export function linksOfContractsOf(userId: number): SQL {
  return sql`"user_contracts"."contract_id" in (select uc."contract_id" from "user_contracts" uc where uc."user_id" = ${userId})`;
}

/**
 * Contracts within `visible` whose overview row may have changed since `since` (GET
 * /contracts/changes): the contract edited, one of its demands changed (its `updated_at`, the
 * push event's version), or a demand moved away from it (the demand's history keeps the contract it left; written at the
 * start of the transaction whose `updated_at` is read later, hence a minute of slack).
 */
export function contractChangedSince(since: Date, visible: SQL | undefined): SQL {
  const at = since.toISOString();
  return sql`(${visible ?? sql`true`}) and (${contracts.updatedAt} >= ${at}::timestamptz
    or ${contracts.id} in (select m."contract_id" from "murals" m where m."updated_at" >= ${at}::timestamptz)
    or ${contracts.id} in (select (h."before"->>'contract_id')::int from "mural_history" h
      where h."created_at" >= ${at}::timestamptz - interval '1 minute' and h."before"->>'contract_id' is not null))`;
}

/** The contracts a list shows: within `scope`, matching the search `q`, of `status`. */
function listed(scope: SQL | undefined, q: string | undefined, status: ContractStatus | undefined) {
  return and(
    scope,
    listSearch(q, [contracts.searchText]),
    status ? eq(contracts.status, status) : undefined,
  );
}

/** contracts, user_contracts and the user search. */
/** Demands of a contract per stage. */
export type StageCounts = Record<Stage, number>;

export function createContractsRepo(db: DbOrTx) {
  return {
    async list(
      scope: SQL | undefined,
      q: string | undefined,
      status: ContractStatus | undefined,
      today: string,
      now = new Date(),
      page?: { offset: number; limit: number },
    ) {
      const rows = db
        .select({
          contract: contracts,
          usuarios: sql<number>`(select count(*)::int from "user_contracts" x where x."contract_id" = "contracts"."id")`,
          etapas: sql<StageCounts>`(select json_build_object(
            'a_fazer', count(*) filter (where m."stage" = 'a_fazer'),
            'em_andamento', count(*) filter (where m."stage" = 'em_andamento'),
            'em_revisao', count(*) filter (where m."stage" = 'em_revisao'),
            'concluido', count(*) filter (where m."stage" = 'concluido'))
            from "murals" m where m."contract_id" = "contracts"."id")`,
          atrasadas: sql<number>`(select count(*)::int from "murals" m where m."contract_id" = "contracts"."id" and m."stage" <> 'concluido' and m."fim_previsto" < ${today}::date)`,
          preventivas: overdueCountSql(
            sql`o."asset_id" in (select x."id" from "assets" x where x."contract_id" = "contracts"."id")`,
            now,
            today,
          ),
        })
        .from(contracts)
        .where(listed(scope, q, status))
        .orderBy(asc(contracts.nome), asc(contracts.id))
        .$dynamic();
      return page ? rows.limit(page.limit).offset(page.offset) : rows;
    },

    /** How many contracts `list` answers (a page's total). */
    async count(scope: SQL | undefined, q: string | undefined, status: ContractStatus | undefined) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contracts)
        .where(listed(scope, q, status));
      return row?.n ?? 0;
    },

    /** The ids `list` answers, in its order (GET /contracts/changes). */
    async ids(scope: SQL | undefined, q: string | undefined, status: ContractStatus | undefined) {
      const rows = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(listed(scope, q, status))
        .orderBy(asc(contracts.nome), asc(contracts.id));
      return rows.map((r) => r.id);
    },

    async refs(scope: SQL | undefined) {
      return db
        .select({
          id: contracts.id,
          codigo: contracts.codigo,
          nome: contracts.nome,
          cliente: contracts.cliente,
          status: contracts.status,
        })
        .from(contracts)
        .where(scope)
        .orderBy(asc(contracts.nome), asc(contracts.id));
    },

    async byId(id: number) {
      const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
      return row ?? null;
    },

    async insert(values: ContractInsert) {
      const [row] = await db.insert(contracts).values(values).returning();
      return row!;
    },

    async update(id: number, set: Partial<ContractInsert>) {
      const [row] = await db
        .update(contracts)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(contracts.id, id))
        .returning();
      return row ?? null;
    },

    async links(filter: { contractId?: number; userId?: number; scope: SQL | undefined }) {
      return db
        .select({
          id: userContracts.id,
          userId: userContracts.userId,
          contractId: userContracts.contractId,
          createdAt: userContracts.createdAt,
          user: userRefColumns,
          contract: {
            id: contracts.id,
            codigo: contracts.codigo,
            nome: contracts.nome,
            cliente: contracts.cliente,
            status: contracts.status,
          },
        })
        .from(userContracts)
        .innerJoin(users, eq(users.id, userContracts.userId))
        .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
        .where(
          and(
            filter.scope,
            filter.contractId ? eq(userContracts.contractId, filter.contractId) : undefined,
            filter.userId ? eq(userContracts.userId, filter.userId) : undefined,
          ),
        )
        .orderBy(asc(contracts.nome), asc(users.nome));
    },

    async linkById(id: number) {
      const [row] = await db.select().from(userContracts).where(eq(userContracts.id, id)).limit(1);
      return row ?? null;
    },

    async insertLink(userId: number, contractId: number, createdBy: number | null) {
      const [row] = await db
        .insert(userContracts)
        .values({ userId, contractId, createdBy })
        .onConflictDoNothing()
        .returning({ id: userContracts.id });
      return row ?? null;
    },

    /** Links a user to the contracts of a list that still exist (invitation acceptance). */
    async linkMany(userId: number, contractIds: number[], createdBy: number | null) {
      if (contractIds.length === 0) return;
      const existing = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(inArray(contracts.id, contractIds));
      if (existing.length === 0) return;
      await db
        .insert(userContracts)
        .values(existing.map((c) => ({ userId, contractId: c.id, createdBy })))
        .onConflictDoNothing();
    },

    async deleteLink(id: number) {
      await db.delete(userContracts).where(eq(userContracts.id, id));
    },

    /** Who sees a contract: the people linked to it and those whose role sees every one. */
    async audience(contractId: number) {
      const rows = await db
        .select({
          id: users.id,
          role: users.role,
          linked: sql<boolean>`exists (select 1 from "user_contracts" uc where uc."user_id" = "users"."id" and uc."contract_id" = ${contractId})`,
        })
        .from(users)
        .where(eq(users.active, true));
      return rows.filter((r) => r.linked || can(roleOf(r.role), 'contracts.all')).map((r) => r.id);
    },

    async activeUser(id: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.active, true)))
        .limit(1);
      return row ?? null;
    },

    async searchUsers(q: string, contractId: number | undefined, limit: number) {
      const text = listSearch(q, [users.searchText]);
      return db
        .select(userRefColumns)
        .from(users)
        .where(
          and(
            eq(users.active, true),
            text,
            contractId
              ? sql`${users.id} in (select uc."user_id" from "user_contracts" uc where uc."contract_id" = ${contractId})`
              : undefined,
          ),
        )
        .orderBy(asc(users.nome), asc(users.id))
        .limit(limit);
    },
  };
}
