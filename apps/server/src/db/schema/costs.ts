import type { Role } from '@eproto/domain';
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
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Hourly cost rates (issue 36 point 5): of a function (the canonical role) or of one person, in
 * force from `vigente_desde` until the next rate of the same function or person. A new rate never
 * rewrites the past: each approved hour is costed at the rate in force on its day.
 */
export const costRates = pgTable(
  'cost_rates',
  {
    id: serial('id').primaryKey(),
    funcao: text('funcao').$type<Role>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    valorHora: numeric('valor_hora', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    vigenteDesde: date('vigente_desde', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cost_rates_funcao_day_idx')
      .on(t.funcao, t.vigenteDesde)
      .where(sql`${t.funcao} is not null`),
    uniqueIndex('cost_rates_user_day_idx')
      .on(t.userId, t.vigenteDesde)
      .where(sql`${t.userId} is not null`),
    index('cost_rates_user_idx').on(t.userId),
    check('cost_rates_one_target_ck', sql`(${t.funcao} is null) <> (${t.userId} is null)`),
    check('cost_rates_valor_ck', sql`${t.valorHora} > 0`),
  ],
);
