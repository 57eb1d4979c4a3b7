import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { murals } from './murals.ts';
import { protocols } from './protocols.ts';
import { users } from './users.ts';

/** A named snapshot of a demand's plan (issue 36 point 2), compared with the plan as it is now. */
export const muralBaselines = pgTable(
  'mural_baselines',
  {
    id: serial('id').primaryKey(),
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mural_baselines_mural_idx').on(t.muralId, t.createdAt)],
);

/** The planned dates of each dated task when its baseline was saved (a deleted task leaves). */
export const muralBaselineTasks = pgTable(
  'mural_baseline_tasks',
  {
    baselineId: integer('baseline_id')
      .notNull()
      .references(() => muralBaselines.id, { onDelete: 'cascade' }),
    protocolId: integer('protocol_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    inicio: date('inicio').notNull(),
    fim: date('fim').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.baselineId, t.protocolId] }),
    index('mural_baseline_tasks_protocol_idx').on(t.protocolId),
  ],
);

/**
 * A named snapshot of a team's Gantt (issue 36 point 2): the plan of every demand where the
 * team of a coordenador has a dated task, as the one who saved it saw it.
 */
export const teamBaselines = pgTable(
  'team_baselines',
  {
    id: serial('id').primaryKey(),
    coordenadorId: integer('coordenador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_baselines_coordenador_idx').on(t.coordenadorId, t.createdAt)],
);

/** The planned dates of each dated task of a team baseline, with its demand when saved. */
export const teamBaselineTasks = pgTable(
  'team_baseline_tasks',
  {
    baselineId: integer('baseline_id')
      .notNull()
      .references(() => teamBaselines.id, { onDelete: 'cascade' }),
    protocolId: integer('protocol_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    muralId: integer('mural_id')
      .notNull()
      .references(() => murals.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    inicio: date('inicio').notNull(),
    fim: date('fim').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.baselineId, t.protocolId] }),
    index('team_baseline_tasks_protocol_idx').on(t.protocolId),
    index('team_baseline_tasks_mural_idx').on(t.muralId),
  ],
);
