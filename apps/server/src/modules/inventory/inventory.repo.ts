import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, inventoryMovements, users } from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

export type ItemRow = typeof inventoryItems.$inferSelect;
export type ItemInsert = typeof inventoryItems.$inferInsert;
export type MovementInsert = typeof inventoryMovements.$inferInsert;

const holder = alias(users, 'holder');
const before = alias(users, 'before_holder');
const after = alias(users, 'after_holder');
const actor = alias(users, 'actor');

/** The item list's filters. */
export interface ItemFilter {
  natureza?: ItemRow['natureza'] | undefined;
  q?: string | undefined;
  belowMinimum?: boolean | undefined;
}

function listWhere(f: ItemFilter, changedSince?: Date) {
  const where: SQL[] = [];
  if (f.natureza) where.push(eq(inventoryItems.natureza, f.natureza));
  // Code, name, category and place.
  const text = listSearch(f.q, [inventoryItems.searchText]);
  if (text) where.push(text);
  if (f.belowMinimum) {
    where.push(
      sql`${inventoryItems.estoqueMinimo} > 0 and ${inventoryItems.quantidade} < ${inventoryItems.estoqueMinimo}`,
    );
  }
  if (changedSince) where.push(gte(inventoryItems.updatedAt, changedSince));
  return and(...where);
}

const LIST_ORDER = [
  inventoryItems.natureza,
  sql`lower(${inventoryItems.nome})`,
  inventoryItems.id,
] as const;

/** A write's version of the item: its id and the `updated_at` it left. */
export type ItemVersion = { id: number; updatedAt: Date };

/** Inventory items and movements (the only Drizzle code of the inventory module). */
export function createInventoryRepo(db: DbOrTx) {
  const itemSelect = { item: inventoryItems, holderNome: holder.nome };
  const movementSelect = {
    m: inventoryMovements,
    itemCodigo: inventoryItems.codigo,
    itemNome: inventoryItems.nome,
    beforeNome: before.nome,
    afterNome: after.nome,
    actorNome: actor.nome,
  };

  return {
    /** The list; with `changedSince`, only the items changed since. */
    async list(f: ItemFilter, changedSince?: Date) {
      return db
        .select(itemSelect)
        .from(inventoryItems)
        .leftJoin(holder, eq(holder.id, inventoryItems.responsavelId))
        .where(listWhere(f, changedSince))
        .orderBy(...LIST_ORDER);
    },

    /** The ids of the list now, in its order. */
    async ids(f: ItemFilter): Promise<number[]> {
      const rows = await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(listWhere(f))
        .orderBy(...LIST_ORDER);
      return rows.map((r) => r.id);
    },

    async byId(id: number) {
      const [row] = await db
        .select(itemSelect)
        .from(inventoryItems)
        .leftJoin(holder, eq(holder.id, inventoryItems.responsavelId))
        .where(eq(inventoryItems.id, id))
        .limit(1);
      return row;
    },

    /** Locks the item row so concurrent movements apply one after the other. */
    async lock(id: number): Promise<ItemRow | undefined> {
      const [row] = await db
        .select()
        .from(inventoryItems)
        .where(eq(inventoryItems.id, id))
        .for('update');
      return row;
    },

    async byCode(codigo: string) {
      const [row] = await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(eq(inventoryItems.codigo, codigo))
        .limit(1);
      return row;
    },

    async insert(v: ItemInsert) {
      const [row] = await db.insert(inventoryItems).values(v).returning();
      return row!;
    },

    /** Writes the item and moves its `updated_at`; returns the new version. */
    async update(id: number, v: Partial<ItemInsert>): Promise<ItemVersion> {
      const [row] = await db
        .update(inventoryItems)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(inventoryItems.id, id))
        .returning({ id: inventoryItems.id, updatedAt: inventoryItems.updatedAt });
      return row!;
    },

    async insertMovement(v: MovementInsert) {
      const [row] = await db.insert(inventoryMovements).values(v).returning();
      return row!;
    },

    /**
     * Newest first, one keyset page: the movements after `before` (the id of the last one shown)
     * in (created_at desc, id desc) order, one backward range of an index however long the log.
     * An id that is not a movement gives an empty page.
     */
    movements(f: { itemId?: number | undefined; limit: number; before?: number | undefined }) {
      return db
        .select(movementSelect)
        .from(inventoryMovements)
        .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryMovements.itemId))
        .leftJoin(before, eq(before.id, inventoryMovements.responsavelAnteriorId))
        .leftJoin(after, eq(after.id, inventoryMovements.responsavelNovoId))
        .leftJoin(actor, eq(actor.id, inventoryMovements.userId))
        .where(
          and(
            f.itemId ? eq(inventoryMovements.itemId, f.itemId) : undefined,
            f.before
              ? sql`(${inventoryMovements.createdAt}, ${inventoryMovements.id}) < (select b."created_at", b."id" from ${inventoryMovements} b where b."id" = ${f.before})`
              : undefined,
          ),
        )
        .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
        .limit(f.limit);
    },
  };
}

export type InventoryRepo = ReturnType<typeof createInventoryRepo>;
