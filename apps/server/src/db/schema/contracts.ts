import type { ContractStatus } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
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
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Customer contracts; scope of every non all-seeing user comes from user_contracts. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    cliente: text('cliente').notNull(),
    descricao: text('descricao'),
    inicio: date('inicio'),
    fim: date('fim'),
    status: text('status').$type<ContractStatus>().notNull().default('ativo'),
    valor: numeric('valor', { precision: 14, scale: 2, mode: 'number' }),
    // Where the work is: the state (UF) and, for a city date-holidays knows, its region code;
    // they choose the holidays of the contract's working calendar (modules/calendar).
    uf: text('uf'),
    municipio: text('municipio'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [
      contracts.codigo,
      contracts.nome,
      contracts.cliente,
    ]),
  },
  (t) => [
    uniqueIndex('contracts_codigo_lower_idx').on(sql`lower(${t.codigo})`),
    searchIndex('contracts_search_idx', t.searchText),
    check('contracts_uf_check', sql`${t.uf} is null or ${t.uf} ~ '^[A-Z]{2}$'`),
    check('contracts_status_check', sql`${t.status} in ('ativo', 'suspenso', 'encerrado')`),
  ],
);

/** Which users are linked to which contracts. */
export const userContracts = pgTable(
  'user_contracts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_contracts_user_contract_idx').on(t.userId, t.contractId),
    index('user_contracts_contract_idx').on(t.contractId),
  ],
);
