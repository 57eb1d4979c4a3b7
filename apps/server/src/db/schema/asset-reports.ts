import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { contracts } from './contracts.ts';
import { requests } from './requests.ts';
import { users } from './users.ts';

/** Per contract: whether the public "Relatar problema" of its assets' labels is on (no row: on). */
export const assetReportSettings = pgTable('asset_report_settings', {
  contractId: integer('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  ativo: boolean('ativo').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A problem reported on an asset's public page by someone without an account: the solicitação
 * it opened, who reported (as typed), and the follow link's token (only its SHA-256 is kept).
 */
export const assetReports = pgTable(
  'asset_reports',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    protocolo: text('protocolo').notNull(),
    tokenHash: text('token_hash').notNull(),
    nome: text('nome').notNull(),
    contato: text('contato').notNull(),
    /** SHA-256 of the sender's address: the per-address limit without keeping the address. */
    origemHash: text('origem_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_reports_protocolo_idx').on(t.protocolo),
    uniqueIndex('asset_reports_token_idx').on(t.tokenHash),
    index('asset_reports_origem_idx').on(t.origemHash, t.createdAt),
    index('asset_reports_asset_idx').on(t.assetId),
  ],
);
