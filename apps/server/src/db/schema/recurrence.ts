import type { RecurrenceFrequency, RecurrenceStatus } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import { boards, murals } from './murals.ts';
import { users } from './users.ts';

/**
 * A recurring series (issue 6): its rule and the board its instances live on. The first
 * instance is the demand it was created from (base_mural_id); murals.recurrence_id points back.
 */
export const recurrences = pgTable(
  'recurrences',
  {
    id: serial('id').primaryKey(),
    baseMuralId: integer('base_mural_id').references(() => murals.id, { onDelete: 'set null' }),
    boardId: integer('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    frequencia: text('frequencia').$type<RecurrenceFrequency>().notNull(),
    intervalo: integer('intervalo').notNull().default(1),
    diasSemana: jsonb('dias_semana').$type<number[]>().notNull().default([]),
    diaMes: integer('dia_mes'),
    dataInicio: date('data_inicio').notNull(),
    ate: date('ate'),
    ocorrencias: integer('ocorrencias'),
    status: text('status').$type<RecurrenceStatus>().notNull().default('ativa'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    concludedAt: timestamp('concluded_at', { withTimezone: true }),
    concludedBy: integer('concluded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('recurrences_board_idx').on(t.boardId),
    check(
      'recurrences_frequencia_check',
      sql`${t.frequencia} in ('diaria', 'semanal', 'mensal', 'anual')`,
    ),
    check('recurrences_status_check', sql`${t.status} in ('ativa', 'concluida')`),
    check('recurrences_intervalo_check', sql`${t.intervalo} between 1 and 99`),
  ],
);

/**
 * The demands of a series, numbered from 1 with their occurrence date. The unique
 * (recurrence_id, seq) pair makes a second concurrent "concluir e avançar" fail instead of
 * creating a duplicate next instance; a demand belongs to at most one series.
 */
export const recurrenceInstances = pgTable(
  'recurrence_instances',
  {
    recurrenceId: integer('recurrence_id')
      .notNull()
      .references(() => recurrences.id, { onDelete: 'cascade' }),
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    dataOcorrencia: date('data_ocorrencia').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recurrence_instances_seq_idx').on(t.recurrenceId, t.seq),
    uniqueIndex('recurrence_instances_mural_idx').on(t.muralId),
  ],
);
