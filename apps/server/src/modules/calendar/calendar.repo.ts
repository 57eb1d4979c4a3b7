import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyDaysOff, contracts, murals } from '../../db/schema/index.ts';

export type DayOffRow = typeof companyDaysOff.$inferSelect & { contractNome: string | null };
export type DayOffInsert = typeof companyDaysOff.$inferInsert;

const columns = {
  id: companyDaysOff.id,
  inicio: companyDaysOff.inicio,
  fim: companyDaysOff.fim,
  nome: companyDaysOff.nome,
  tipo: companyDaysOff.tipo,
  contractId: companyDaysOff.contractId,
  createdBy: companyDaysOff.createdBy,
  createdAt: companyDaysOff.createdAt,
  contractNome: contracts.nome,
};

/** Company days off, and where contracts and demands plan (the only Drizzle of the calendar). */
export function createCalendarRepo(db: DbOrTx) {
  return {
    /** Days off overlapping [from, to]: the company's, plus those of `contractIds` when given. */
    async daysOff(
      range: { from: string; to: string } | null,
      contractIds?: number[],
    ): Promise<DayOffRow[]> {
      const scope =
        contractIds === undefined
          ? undefined
          : contractIds.length
            ? or(isNull(companyDaysOff.contractId), inArray(companyDaysOff.contractId, contractIds))
            : isNull(companyDaysOff.contractId);
      return db
        .select(columns)
        .from(companyDaysOff)
        .leftJoin(contracts, eq(contracts.id, companyDaysOff.contractId))
        .where(
          and(
            range ? gte(companyDaysOff.fim, range.from) : undefined,
            range ? lte(companyDaysOff.inicio, range.to) : undefined,
            scope,
          ),
        )
        .orderBy(asc(companyDaysOff.inicio), asc(companyDaysOff.id));
    },

    async get(id: number): Promise<DayOffRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(companyDaysOff)
        .leftJoin(contracts, eq(contracts.id, companyDaysOff.contractId))
        .where(eq(companyDaysOff.id, id));
      return row;
    },

    async insert(v: DayOffInsert) {
      const [row] = await db.insert(companyDaysOff).values(v).returning({ id: companyDaysOff.id });
      return row!.id;
    },

    async remove(id: number) {
      const rows = await db
        .delete(companyDaysOff)
        .where(eq(companyDaysOff.id, id))
        .returning({ id: companyDaysOff.id });
      return rows.length > 0;
    },

    async contractPlace(id: number) {
      const [row] = await db
        .select({ id: contracts.id, uf: contracts.uf, municipio: contracts.municipio })
        .from(contracts)
        .where(eq(contracts.id, id));
      return row;
    },

    async contractPlaces(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: contracts.id, uf: contracts.uf, municipio: contracts.municipio })
        .from(contracts)
        .where(inArray(contracts.id, ids));
    },

    /** Each demand's plan: working days or not, and its contract's place. */
    async muralPlans(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: murals.id,
          diasUteis: murals.diasUteis,
          contractId: murals.contractId,
          uf: contracts.uf,
          municipio: contracts.municipio,
        })
        .from(murals)
        .leftJoin(contracts, eq(contracts.id, murals.contractId))
        .where(inArray(murals.id, ids));
    },
  };
}
