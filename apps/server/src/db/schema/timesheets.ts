import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { protocols } from './protocols.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Hours a person typed for one day (issue 36 point 4) on a task, an OS or a contract. Hours
 * worked on an OS are not here: they are derived from the OS's steps (docs/decisions.md).
 * `contract_id` is kept for every entry (the task's demand's, the OS's, or the one chosen), so
 * hours sum per contract without a join; null only for a task of a demand without contract.
 */
export const timesheetEntries = pgTable(
  'timesheet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    minutos: integer('minutos').notNull(),
    tipo: text('tipo', { enum: ['os', 'tarefa', 'contrato'] }).notNull(),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    protocolId: integer('protocol_id').references(() => protocols.id, { onDelete: 'set null' }),
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id, {
      onDelete: 'set null',
    }),
    nota: text('nota'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('timesheet_entries_user_day_idx').on(t.userId, t.data),
    index('timesheet_entries_contract_day_idx').on(t.contractId, t.data),
    check('timesheet_entries_minutes_ck', sql`${t.minutos} between 1 and 1440`),
  ],
);

/** The approval of one person's week (Monday): present while approved, kept when reopened. */
export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    semana: date('semana', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['aberta', 'aprovada'] }).notNull(),
    /** The week's total when approved: a step synced later that changes it shows. */
    minutosAprovados: integer('minutos_aprovados').notNull().default(0),
    aprovadaPor: integer('aprovada_por').references(() => users.id, { onDelete: 'set null' }),
    aprovadaEm: tz('aprovada_em'),
    reabertaPor: integer('reaberta_por').references(() => users.id, { onDelete: 'set null' }),
    reabertaEm: tz('reaberta_em'),
    motivoReabertura: text('motivo_reabertura'),
  },
  (t) => [uniqueIndex('timesheet_weeks_user_week_idx').on(t.userId, t.semana)],
);
