import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { epiDeliveries, epiItems, epiMovements, users } from '../../db/schema/index.ts';

export type { SignatureMeta } from '../../db/schema/epi.ts';
export type EpiItemRow = typeof epiItems.$inferSelect;
export type EpiItemInsert = typeof epiItems.$inferInsert;
export type DeliveryRow = typeof epiDeliveries.$inferSelect;

const colaborador = alias(users, 'colaborador');

/** The filters of a list of deliveries (whose, which state), as conditions. */
function statusWhere(f: {
  colaboradorId?: number | undefined;
  status?: 'pendente' | 'confirmada' | 'devolvida' | undefined;
}): SQL[] {
  const where: SQL[] = [];
  if (f.colaboradorId) where.push(eq(epiDeliveries.colaboradorId, f.colaboradorId));
  if (f.status === 'devolvida') where.push(sql`${epiDeliveries.devolucaoData} is not null`);
  if (f.status === 'pendente') {
    where.push(isNull(epiDeliveries.devolucaoData), isNull(epiDeliveries.confirmacao));
  }
  if (f.status === 'confirmada') {
    where.push(isNull(epiDeliveries.devolucaoData), sql`${epiDeliveries.confirmacao} is not null`);
  }
  return where;
}
const deliverer = alias(users, 'deliverer');

/** EPI catalogue, deliveries and stock history (the only Drizzle code of the EPI module). */
export function createEpiRepo(db: DbOrTx) {
  const deliverySelect = {
    d: epiDeliveries,
    item: {
      id: epiItems.id,
      nome: epiItems.nome,
      caNumero: epiItems.caNumero,
      caValidade: epiItems.caValidade,
      tamanho: epiItems.tamanho,
      vidaUtilDias: epiItems.vidaUtilDias,
    },
    colaboradorNome: colaborador.nome,
    delivererNome: deliverer.nome,
    replacementAsked: sql<boolean>`exists (select 1 from "requests" r where r."epi_delivery_id" = ${epiDeliveries.id} and r."status" in ('aberta', 'em_analise', 'aprovada'))`,
    /**
     * The row's version as a list shows it: the newest of its own `updated_at`, its item's and
     * its replacement requests' (what `changedSince` compares), so an event's version of any
     * of them is at most this.
     */
    version:
      sql<Date>`greatest(${epiDeliveries.updatedAt}, ${epiItems.updatedAt}, (select max(r."updated_at") from "requests" r where r."epi_delivery_id" = ${epiDeliveries.id}))`.mapWith(
        epiDeliveries.updatedAt,
      ),
  };

  const deliveries = (where: SQL | undefined) =>
    db
      .select(deliverySelect)
      .from(epiDeliveries)
      .innerJoin(epiItems, eq(epiItems.id, epiDeliveries.itemId))
      .innerJoin(colaborador, eq(colaborador.id, epiDeliveries.colaboradorId))
      .leftJoin(deliverer, eq(deliverer.id, epiDeliveries.entreguePor))
      .where(where)
      .orderBy(desc(epiDeliveries.data), desc(epiDeliveries.id));

  return {
    async items(onlyActive: boolean) {
      return db
        .select()
        .from(epiItems)
        .where(onlyActive ? eq(epiItems.ativo, true) : undefined)
        .orderBy(sql`lower(${epiItems.nome})`, epiItems.tamanho, epiItems.id);
    },

    async item(id: number) {
      const [row] = await db.select().from(epiItems).where(eq(epiItems.id, id)).limit(1);
      return row;
    },

    /** Locks the catalogue row so concurrent deliveries queue on its stock. */
    async lockItem(id: number) {
      const [row] = await db.select().from(epiItems).where(eq(epiItems.id, id)).for('update');
      return row;
    },

    async insertItem(v: EpiItemInsert) {
      const [row] = await db.insert(epiItems).values(v).returning();
      return row!;
    },

    /**
     * Updates a catalogue row. Its `updated_at` moves only when what its deliveries show may
     * have changed (not on a stock move alone): deliveries synced by `updated_since` compare it.
     */
    async updateItem(id: number, v: Partial<EpiItemInsert>) {
      const stockOnly = Object.entries(v).every(([k, x]) => k === 'estoque' || x === undefined);
      const [row] = await db
        .update(epiItems)
        .set(stockOnly ? v : { ...v, updatedAt: new Date() })
        .where(eq(epiItems.id, id))
        .returning();
      return row;
    },

    async insertMovement(v: typeof epiMovements.$inferInsert) {
      await db.insert(epiMovements).values(v);
    },

    deliveries(f: {
      colaboradorId?: number | undefined;
      status?: 'pendente' | 'confirmada' | 'devolvida' | undefined;
      /** Only deliveries changed since (ISO instant): the row, its item or its replacement request. */
      changedSince?: string;
    }) {
      const where = statusWhere(f);
      if (f.changedSince) {
        const since = sql`${f.changedSince}::timestamptz`;
        where.push(
          sql`(${epiDeliveries.updatedAt} > ${since} or ${epiItems.updatedAt} > ${since} or exists (select 1 from "requests" r where r."epi_delivery_id" = ${epiDeliveries.id} and r."updated_at" > ${since}))`,
        );
      }
      return deliveries(and(...where));
    },

    /** Ids of one employee's deliveries (a sync's live rows). */
    async deliveryIds(colaboradorId: number) {
      const rows = await db
        .select({ id: epiDeliveries.id })
        .from(epiDeliveries)
        .where(eq(epiDeliveries.colaboradorId, colaboradorId))
        .orderBy(epiDeliveries.id);
      return rows.map((r) => r.id);
    },

    /** Ids of the deliveries a gestor's list shows with its filters (a sync's live rows). */
    async listIds(f: {
      colaboradorId?: number | undefined;
      status?: 'pendente' | 'confirmada' | 'devolvida' | undefined;
    }) {
      const rows = await db
        .select({ id: epiDeliveries.id })
        .from(epiDeliveries)
        .where(and(...statusWhere(f)))
        .orderBy(epiDeliveries.id);
      return rows.map((r) => r.id);
    },

    /** Who has ever received an item (its name and CA show on their deliveries). */
    async holderIds(itemId: number) {
      const rows = await db
        .selectDistinct({ id: epiDeliveries.colaboradorId })
        .from(epiDeliveries)
        .where(eq(epiDeliveries.itemId, itemId));
      return rows.map((r) => r.id);
    },

    /** Active people with their role title (who manages EPIs is decided from it). */
    async activePeople(): Promise<{ id: number; role: string }[]> {
      return db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.active, true));
    },

    /** Deliveries still with the employee (for replacement alerts). */
    openDeliveries() {
      return deliveries(isNull(epiDeliveries.devolucaoData));
    },

    async delivery(id: number) {
      const [row] = await deliveries(eq(epiDeliveries.id, id));
      return row;
    },

    async lockDelivery(id: number) {
      const [row] = await db
        .select()
        .from(epiDeliveries)
        .where(eq(epiDeliveries.id, id))
        .for('update');
      return row;
    },

    async insertDelivery(v: typeof epiDeliveries.$inferInsert) {
      const [row] = await db.insert(epiDeliveries).values(v).returning();
      return row!;
    },

    async updateDelivery(id: number, v: Partial<typeof epiDeliveries.$inferInsert>) {
      await db.update(epiDeliveries).set(v).where(eq(epiDeliveries.id, id));
    },

    async person(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          nome: users.nome,
          email: users.email,
          role: users.role,
          active: users.active,
          cpf: users.cpf,
          matricula: users.matricula,
          funcao: users.funcao,
          admissao: users.admissao,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
  };
}

export type EpiRepo = ReturnType<typeof createEpiRepo>;
export type DeliveryJoined = NonNullable<Awaited<ReturnType<EpiRepo['delivery']>>>;
