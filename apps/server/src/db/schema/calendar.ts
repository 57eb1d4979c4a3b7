import type { DayOffKind } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { users } from './users.ts';

/**
 * Company days off (folgas, collective vacations) and holidays the library does not know (a
 * municipal holiday of a city outside the capitals), set by ti/diretoria. Without a contract
 * they hold for the whole company; with one, only for that contract's plans.
 */
export const companyDaysOff = pgTable(
  'company_days_off',
  {
    id: serial('id').primaryKey(),
    inicio: date('inicio').notNull(),
    fim: date('fim').notNull(),
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<DayOffKind>().notNull(),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_days_off_range_idx').on(t.fim, t.inicio),
    check('company_days_off_range_check', sql`${t.fim} >= ${t.inicio}`),
    check(
      'company_days_off_tipo_check',
      sql`${t.tipo} in ('folga', 'ferias_coletivas', 'feriado_local')`,
    ),
  ],
);
