import type { Priority, Stage } from '@eproto/domain';
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
} from 'drizzle-orm/pg-core';
import { murals } from './murals.ts';
import { users } from './users.ts';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('protocols_mural_idx').on(t.muralId),
    index('protocols_responsavel_idx').on(t.responsavelId),
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
