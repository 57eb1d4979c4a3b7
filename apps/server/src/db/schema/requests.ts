import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { epiDeliveries } from './epi.ts';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Staff requests (solicitações) and their workflow state. */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', {
      enum: ['material', 'epi', 'veiculo', 'manutencao', 'reembolso', 'outro'],
    }).notNull(),
    descricao: text('descricao').notNull(),
    urgencia: text('urgencia', { enum: ['baixa', 'media', 'alta', 'urgente'] }).notNull(),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    valor: numeric('valor', { precision: 12, scale: 2, mode: 'number' }),
    status: text('status', {
      enum: ['aberta', 'em_analise', 'aprovada', 'recusada', 'atendida'],
    })
      .notNull()
      .default('aberta'),
    /** Null for a problem reported on an asset's public page (issue 34): see solicitante_externo. */
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Who reported without an account ("Nome · contato"), when requester_id is null. */
    solicitanteExterno: text('solicitante_externo'),
    /** Set when equipe asked to replace an EPI from its delivery. */
    epiDeliveryId: integer('epi_delivery_id').references(() => epiDeliveries.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [requests.descricao]),
  },
  (t) => [
    index('requests_status_idx').on(t.status, t.createdAt),
    index('requests_requester_idx').on(t.requesterId),
    index('requests_contract_idx').on(t.contractId),
    index('requests_epi_delivery_idx').on(t.epiDeliveryId),
    searchIndex('requests_search_idx', t.searchText),
  ],
);

/** Every step of a request: who moved it, when, from which state to which, and why. */
export const requestEvents = pgTable(
  'request_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comentario: text('comentario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.createdAt)],
);

/** Files attached to a request (stored through deps.storage under a server-made key). */
export const requestAttachments = pgTable(
  'request_attachments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_attachments_request_idx').on(t.requestId)],
);
