import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What is kept beside a drawn EPI signature (see @eproto/domain signature.ts). */
export interface SignatureMeta {
  tracos: [number, number][][];
  dispositivo: string | null;
  local: { latitude: number; longitude: number; precisao_m?: number | null | undefined } | null;
}

/** EPI catalogue (NR-6): one row per item and size, with its CA and stock. */
export const epiItems = pgTable(
  'epi_items',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    caNumero: text('ca_numero').notNull(),
    caValidade: date('ca_validade').notNull(),
    tamanho: text('tamanho').notNull(),
    vidaUtilDias: integer('vida_util_dias').notNull(),
    estoque: integer('estoque').notNull().default(0),
    estoqueMinimo: integer('estoque_minimo').notNull().default(0),
    /** Unit cost in reais (contract cost, issue 36 point 5); null when unknown. */
    custoUnitario: numeric('custo_unitario', { precision: 12, scale: 2, mode: 'number' }),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('epi_items_nome_idx').on(t.nome),
    check('epi_items_estoque_ck', sql`${t.estoque} >= 0`),
    check('epi_items_vida_util_ck', sql`${t.vidaUtilDias} > 0`),
    check('epi_items_custo_ck', sql`${t.custoUnitario} >= 0`),
  ],
);

/** EPI handed to an employee, the acknowledgement and the return. */
export const epiDeliveries = pgTable(
  'epi_deliveries',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => epiItems.id, { onDelete: 'restrict' }),
    colaboradorId: integer('colaborador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    data: date('data').notNull(),
    quantidade: integer('quantidade').notNull(),
    /** The item's unit cost when delivered (a later price change does not rewrite it). */
    custoUnitario: numeric('custo_unitario', { precision: 12, scale: 2, mode: 'number' }),
    motivo: text('motivo', { enum: ['admissao', 'substituicao', 'perda', 'dano'] }).notNull(),
    observacao: text('observacao'),
    entreguePor: integer('entregue_por').references(() => users.id, { onDelete: 'set null' }),
    confirmacao: text('confirmacao', { enum: ['assinatura', 'app'] }),
    confirmadoEm: timestamp('confirmado_em', { withTimezone: true }),
    assinaturaKey: text('assinatura_key'),
    /** Strokes, device (user agent) and place of the drawn signature; its time is confirmadoEm. */
    assinaturaMeta: jsonb('assinatura_meta').$type<SignatureMeta>(),
    devolucaoData: date('devolucao_data'),
    devolucaoMotivo: text('devolucao_motivo'),
    devolucaoEstoque: boolean('devolucao_estoque'),
    devolucaoPor: integer('devolucao_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Any change (confirmation, signature, return): the phone syncs by it (updated_since). */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('epi_deliveries_colaborador_idx').on(t.colaboradorId, t.data),
    index('epi_deliveries_colaborador_updated_idx').on(t.colaboradorId, t.updatedAt),
    index('epi_deliveries_item_idx').on(t.itemId),
    check('epi_deliveries_quantidade_ck', sql`${t.quantidade} > 0`),
  ],
);

/** Stock history of the catalogue: entradas, deliveries and returns to stock. */
export const epiMovements = pgTable(
  'epi_movements',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => epiItems.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['entrada', 'entrega', 'devolucao'] }).notNull(),
    quantidade: integer('quantidade').notNull(),
    saldoApos: integer('saldo_apos').notNull(),
    deliveryId: integer('delivery_id').references(() => epiDeliveries.id, { onDelete: 'set null' }),
    observacao: text('observacao'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('epi_movements_item_idx').on(t.itemId, t.createdAt)],
);
