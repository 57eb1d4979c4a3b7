import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Training catalogue (NR-10, NR-35...): validity in months, editable. */
export const sstTrainings = pgTable(
  'sst_trainings',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    validadeMeses: integer('validade_meses').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sst_trainings_codigo_idx').on(sql`lower(${t.codigo})`),
    check('sst_trainings_validade_ck', sql`${t.validadeMeses} > 0`),
  ],
);

/** A training a worker completed; its validity is computed when recorded. */
export const sstTrainingRecords = pgTable(
  'sst_training_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => sstTrainings.id, { onDelete: 'restrict' }),
    data: date('data').notNull(),
    cargaHoraria: numeric('carga_horaria', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    instrutor: text('instrutor').notNull(),
    validade: date('validade').notNull(),
    certificadoKey: text('certificado_key'),
    certificadoNome: text('certificado_nome'),
    certificadoMime: text('certificado_mime'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sst_training_records_user_idx').on(t.userId, t.trainingId, t.validade),
    check('sst_training_records_validade_ck', sql`${t.validade} > ${t.data}`),
  ],
);

/** ASO (NR-7). Result and restrictions are health data: see the permission aso.health.read. */
export const sstAsos = pgTable(
  'sst_asos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tipo: text('tipo', {
      enum: ['admissional', 'periodico', 'retorno_trabalho', 'mudanca_funcao', 'demissional'],
    }).notNull(),
    data: date('data').notNull(),
    resultado: text('resultado', { enum: ['apto', 'inapto', 'apto_restricoes'] }).notNull(),
    restricoes: text('restricoes'),
    medico: text('medico').notNull(),
    crm: text('crm').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sst_asos_user_idx').on(t.userId, t.data)],
);

/** Per-worker SST settings: how often the periodic ASO is due (12 or 24 months). */
export const sstWorkers = pgTable(
  'sst_workers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    asoPeriodicidadeMeses: integer('aso_periodicidade_meses').notNull().default(12),
  },
  (t) => [check('sst_workers_periodicidade_ck', sql`${t.asoPeriodicidadeMeses} in (12, 24)`)],
);

/** A worker's CNH (one per person). */
export const sstCnhs = pgTable('sst_cnhs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  numero: text('numero').notNull(),
  categoria: text('categoria', {
    enum: ['A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE'],
  }).notNull(),
  validade: date('validade').notNull(),
  ear: boolean('ear').notNull().default(false),
  toxicologicoData: date('toxicologico_data'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A requirement set ("Trabalho em altura"): the type of an agenda entry or a service type. */
export const sstActivityTypes = pgTable(
  'sst_activity_types',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sst_activity_types_nome_idx').on(sql`lower(${t.nome})`)],
);

/** What an activity type requires: a valid training, an ASO apto or a valid CNH. */
export const sstActivityRequirements = pgTable(
  'sst_activity_requirements',
  {
    id: serial('id').primaryKey(),
    activityTypeId: integer('activity_type_id')
      .notNull()
      .references(() => sstActivityTypes.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['treinamento', 'aso', 'cnh'] }).notNull(),
    trainingId: integer('training_id').references(() => sstTrainings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sst_activity_requirements_type_idx').on(t.activityTypeId),
    check(
      'sst_activity_requirements_training_ck',
      sql`(${t.tipo} = 'treinamento') = (${t.trainingId} is not null)`,
    ),
  ],
);

/**
 * SST alerts already sent: one row per item, threshold (30, 15, 0 days) and person, so two
 * nodes or two runs never send the same alert twice.
 */
export const sstAlertLog = pgTable(
  'sst_alert_log',
  {
    alertKey: text('alert_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertKey, t.userId] })],
);
