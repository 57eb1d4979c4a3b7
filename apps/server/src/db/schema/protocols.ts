import type { Priority, ReviewStatus, Stage } from '@eproto/domain';
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
import { murals } from './murals.ts';
import { users } from './users.ts';
import { workItemTables } from './work-items.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/**
 * Tasks (protocols) of a demand. Minimal shape created with the demands area; the tasks area
 * (issue 4) extends this file (history, attachments, messages, dependencies).
 */
export const protocols = pgTable(
  'protocols',
  {
    id: serial('id').primaryKey(),
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descricao: text('descricao'),
    responsavelId: integer('responsavel_id').references(() => users.id, { onDelete: 'set null' }),
    stage: text('stage').$type<Stage>().notNull().default('a_fazer'),
    prioridade: text('prioridade').$type<Priority>().notNull().default('media'),
    inicioPrevisto: date('inicio_previsto'),
    fimPrevisto: date('fim_previsto'),
    inicioReal: date('inicio_real'),
    fimReal: date('fim_real'),
    horasEstimadas: numeric('horas_estimadas', { precision: 8, scale: 2, mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Review queue (issue 4): pendente while em_revisao, then the last decision. */
    reviewStatus: text('review_status').$type<ReviewStatus>(),
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [protocols.titulo, protocols.descricao]),
  },
  (t) => [
    index('protocols_mural_idx').on(t.muralId),
    index('protocols_responsavel_idx').on(t.responsavelId),
    index('protocols_review_idx').on(t.reviewStatus, t.reviewRequestedAt),
    index('protocols_fim_previsto_idx').on(t.fimPrevisto),
    searchIndex('protocols_search_idx', t.searchText),
    check(
      'protocols_review_status_check',
      sql`${t.reviewStatus} is null or ${t.reviewStatus} in ('pendente', 'aprovado', 'rejeitado')`,
    ),
    check(
      'protocols_stage_check',
      sql`${t.stage} in ('a_fazer', 'em_andamento', 'em_revisao', 'concluido')`,
    ),
    check(
      'protocols_prioridade_check',
      sql`${t.prioridade} in ('baixa', 'media', 'alta', 'urgente')`,
    ),
  ],
);

/**
 * Finish-to-start links (scheduling.ts): `protocol_id` (the successor) starts after
 * `predecessor_id` ends + lag_days. The service refuses cycles; the table refuses self-links
 * and duplicates.
 */
export const taskDependencies = pgTable(
  'task_dependencies',
  {
    id: serial('id').primaryKey(),
    protocolId: integer('protocol_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    predecessorId: integer('predecessor_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    lagDays: integer('lag_days').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_dependencies_pair_idx').on(t.protocolId, t.predecessorId),
    index('task_dependencies_predecessor_idx').on(t.predecessorId),
    check('task_dependencies_not_self', sql`${t.protocolId} <> ${t.predecessorId}`),
  ],
);

const protocolThread = workItemTables('protocol', 'protocolId', () => protocols.id);
export const protocolHistory = protocolThread.history;
export const protocolMessages = protocolThread.messages;
export const protocolAttachments = protocolThread.attachments;
