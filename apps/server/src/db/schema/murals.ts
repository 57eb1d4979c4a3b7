import type { FinanceStatus, Priority, Stage } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { users } from './users.ts';
import { workItemTables } from './work-items.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Boards (quadros): a group of demands per team, client or department. */
export const boards = pgTable(
  'boards',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    cor: text('cor').notNull().default('#228be6'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boards_contract_idx').on(t.contractId)],
);

export const boardParticipants = pgTable(
  'board_participants',
  {
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.userId] }),
    index('board_participants_user_idx').on(t.userId),
  ],
);

/**
 * Demands (murals). Finance columns belong to the finance flow (issue 6) and recurrence_id to
 * recurring series; both live here so those areas never migrate this table.
 * last_activity_* drive the unread marker (compared with mural_views).
 */
export const murals = pgTable(
  'murals',
  {
    id: serial('id').primaryKey(),
    titulo: text('titulo').notNull(),
    descricao: text('descricao'),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'restrict' }),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    prioridade: text('prioridade').$type<Priority>().notNull().default('media'),
    stage: text('stage').$type<Stage>().notNull().default('a_fazer'),
    responsavelId: integer('responsavel_id').references(() => users.id, { onDelete: 'set null' }),
    inicioPrevisto: date('inicio_previsto'),
    fimPrevisto: date('fim_previsto'),
    inicioReal: date('inicio_real'),
    fimReal: date('fim_real'),
    // Plans in working days (lags and durations skip weekends, holidays and days off).
    diasUteis: boolean('dias_uteis').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    financeStatus: text('finance_status').$type<FinanceStatus>(),
    financeSentAt: timestamp('finance_sent_at', { withTimezone: true }),
    financeSentBy: integer('finance_sent_by').references(() => users.id, { onDelete: 'set null' }),
    financeViewedAt: timestamp('finance_viewed_at', { withTimezone: true }),
    financeViewedBy: integer('finance_viewed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    financeDoneAt: timestamp('finance_done_at', { withTimezone: true }),
    financeDoneBy: integer('finance_done_by').references(() => users.id, { onDelete: 'set null' }),
    recurrenceId: integer('recurrence_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityBy: integer('last_activity_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [murals.titulo, murals.descricao]),
  },
  (t) => [
    index('murals_board_stage_idx').on(t.boardId, t.stage),
    index('murals_contract_idx').on(t.contractId),
    index('murals_responsavel_idx').on(t.responsavelId),
    index('murals_created_by_idx').on(t.createdBy),
    index('murals_fim_previsto_idx').on(t.fimPrevisto),
    // Newest change first with the id as tie-break, read in index order (global search: a
    // common word stops after a few rows; without the id, ties were all read and sorted).
    index('murals_updated_idx').on(t.updatedAt, t.id),
    // A board's page in its default order (newest change first) read in index order and
    // stopped at the page size: the first 1,000 of a 5,000-demand board cost 1,000 rows.
    index('murals_board_updated_idx').on(
      t.boardId,
      t.updatedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // Partial: the finance flow reads only demands sent to it, a series only its own; most
    // demands have neither, and a move (a new row version) adds no entry for them.
    index('murals_finance_status_idx')
      .on(t.financeStatus)
      .where(sql`${t.financeStatus} is not null`),
    index('murals_recurrence_idx')
      .on(t.recurrenceId)
      .where(sql`${t.recurrenceId} is not null`),
    // Global search and the demand list's text filter (db/search-text.ts).
    searchIndex('murals_search_idx', t.searchText),
    check(
      'murals_stage_check',
      sql`${t.stage} in ('a_fazer', 'em_andamento', 'em_revisao', 'concluido')`,
    ),
    check('murals_prioridade_check', sql`${t.prioridade} in ('baixa', 'media', 'alta', 'urgente')`),
  ],
);

export const muralParticipants = pgTable(
  'mural_participants',
  {
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muralId, t.userId] }),
    index('mural_participants_user_idx').on(t.userId),
  ],
);

const muralThread = workItemTables('mural', 'muralId', () => murals.id);
export const muralMessages = muralThread.messages;
export const muralAttachments = muralThread.attachments;
export const muralHistory = muralThread.history;

/**
 * When each user last opened each demand (visualizado / unread marker). `seq` is set by a
 * trigger (migration 0038) from the person's user_view_seq.v, in the writing transaction.
 */
export const muralViews = pgTable(
  'mural_views',
  {
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.muralId] }),
    index('mural_views_mural_idx').on(t.muralId),
    index('mural_views_user_seq_idx').on(t.userId, t.seq),
  ],
);

/**
 * Per person, a number that grows with each of their mural_views writes (trigger in migration
 * 0038, row-locked, so numbers are handed out in commit order). The demand list keeps each
 * person's views per node and reads only the rows past the number it has
 * (modules/murals/user-views.ts) instead of probing mural_views for every card.
 */
export const userViewSeq = pgTable('user_view_seq', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
});

/**
 * One row (id 1) whose `v` grows, in the writing transaction, whenever a name a listed demand
 * card shows from another table changes: a board's or a contract's nome, a person's nome or
 * avatar (triggers in migration 0036). Listed cards are kept by (demand row xmin, v)
 * (modules/murals/summary-cards.ts); renames are rare, so one number for all is enough.
 */
export const muralCardNames = pgTable('mural_card_names', {
  id: integer('id').primaryKey(),
  v: integer('v').notNull().default(0),
});
