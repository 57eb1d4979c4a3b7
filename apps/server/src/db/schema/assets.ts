import type {
  AssetCategory,
  AssetData,
  AssetFieldValues,
  AssetStatus,
  AssetTypeField,
} from '@eproto/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../search-text.ts';
import { contracts } from './contracts.ts';
import { users } from './users.ts';

/** The editable catalogue of asset types; the category decides the typed fields (`dados`). */
export const assetTypes = pgTable(
  'asset_types',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    categoria: text('categoria').$type<AssetCategory>().notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /** The type's own default fields (docs/assets.md, "Campos próprios do tipo"). */
    campos: jsonb('campos').$type<AssetTypeField[]>().notNull().default([]),
    /** Highest field key ever given (c1, c2, ...): a removed field's key is never reused. */
    ultimaChave: integer('ultima_chave').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('asset_types_nome_idx').on(sql`lower(${t.nome})`)],
);

/** Equipment at a customer site, per contract; the tag is unique within its contract. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => assetTypes.id, { onDelete: 'restrict' }),
    tag: text('tag').notNull(),
    descricao: text('descricao'),
    predio: text('predio'),
    andar: text('andar'),
    sala: text('sala'),
    fabricante: text('fabricante'),
    modelo: text('modelo'),
    numeroSerie: text('numero_serie'),
    instaladoEm: date('instalado_em'),
    garantiaAte: date('garantia_ate'),
    status: text('status').$type<AssetStatus>().notNull().default('ativo'),
    /** The type's typed fields, validated by the category's zod schema (ASSET_DATA_SCHEMAS). */
    dados: jsonb('dados').$type<AssetData>().notNull().default({}),
    /** Values of the type's own fields, by key (checkAssetFields). */
    campos: jsonb('campos').$type<AssetFieldValues>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: searchColumn((): AnyPgColumn[] => [
      assets.tag,
      assets.descricao,
      assets.predio,
      assets.andar,
      assets.sala,
      assets.fabricante,
      assets.modelo,
      assets.numeroSerie,
    ]),
  },
  (t) => [
    uniqueIndex('assets_contract_tag_idx').on(t.contractId, sql`upper(${t.tag})`),
    index('assets_type_idx').on(t.typeId),
    searchIndex('assets_search_idx', t.searchText),
    check('assets_status_ck', sql`${t.status} in ('ativo', 'inativo', 'substituido')`),
  ],
);
