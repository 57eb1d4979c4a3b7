import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Priority, TicketCategory, TicketStatus } from '@eproto/domain';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Support tickets opened by staff to IT (/ti/help). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    assunto: text('assunto').notNull(),
    descricao: text('descricao').notNull(),
    categoria: text('categoria').$type<TicketCategory>().notNull(),
    prioridade: text('prioridade').$type<Priority>().notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('aberto'),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The list's search box: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [
      supportTickets.assunto,
      supportTickets.descricao,
    ]),
  },
  (t) => [
    index('support_tickets_opened_by_idx').on(t.openedBy, t.updatedAt),
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
    searchIndex('support_tickets_search_idx', t.searchText),
  ],
);

/** Timeline of a ticket: comments from either side and status changes. */
export const supportTicketEvents = pgTable(
  'support_ticket_events',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['comment', 'status'] }).notNull(),
    texto: text('texto'),
    status: text('status').$type<TicketStatus>(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_events_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Files attached to a ticket; storageKey is server-generated. */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_attachments_ticket_idx').on(t.ticketId)],
);
