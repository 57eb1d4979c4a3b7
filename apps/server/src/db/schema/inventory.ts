import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Tools/equipment (patrimonio, quantity 1 or 0 after baixa) and counted consumables. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    natureza: text('natureza', { enum: ['patrimonio', 'consumivel'] }).notNull(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    categoria: text('categoria').notNull(),
    localizacao: text('localizacao').notNull(),
    estado: text('estado', { enum: ['novo', 'bom', 'regular', 'danificado', 'baixado'] }),
    responsavelId: integer('responsavel_id').references(() => users.id, { onDelete: 'set null' }),
    unidade: text('unidade').notNull().default('un'),
    quantidade: integer('quantidade').notNull().default(0),
    estoqueMinimo: integer('estoque_minimo').notNull().default(0),
    /** Unit cost in reais of a consumable (null: not informed); OS materials keep a copy. */
    custoUnitario: numeric('custo_unitario', { precision: 12, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [
      inventoryItems.codigo,
      inventoryItems.nome,
      inventoryItems.categoria,
      inventoryItems.localizacao,
    ]),
  },
  (t) => [
    uniqueIndex('inventory_items_codigo_idx').on(t.codigo),
    index('inventory_items_natureza_idx').on(t.natureza, t.nome),
    searchIndex('inventory_items_search_idx', t.searchText),
    // Last line of defence: the service checks first, under a row lock.
    check('inventory_items_quantidade_ck', sql`${t.quantidade} >= 0`),
    check('inventory_items_minimo_ck', sql`${t.estoqueMinimo} >= 0`),
    check('inventory_items_custo_ck', sql`${t.custoUnitario} >= 0`),
  ],
);

/** Every stock change: who, when, how much, from where to where, and the balance after it. */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['entrada', 'saida', 'transferencia', 'baixa'] }).notNull(),
    quantidade: integer('quantidade').notNull(),
    saldoApos: integer('saldo_apos').notNull(),
    origemLocalizacao: text('origem_localizacao'),
    destinoLocalizacao: text('destino_localizacao'),
    responsavelAnteriorId: integer('responsavel_anterior_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    responsavelNovoId: integer('responsavel_novo_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    motivo: text('motivo'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Contract the movement is charged to (materials of a service order). */
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** Service order that used the material (its service_order_materials row links back). */
    serviceOrderId: integer('service_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_movements_os_idx').on(t.serviceOrderId),
    // Keyset pages of the movements (newest first in (created_at, id) order), all or one item's.
    index('inventory_movements_item_idx').on(t.itemId, t.createdAt, t.id),
    index('inventory_movements_created_idx').on(t.createdAt, t.id),
  ],
);
