import type { PlanPeriodicity } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets, assetTypes } from './assets.ts';
import { contracts } from './contracts.ts';
import { serviceOrders, serviceTypeItems, serviceTypes } from './service-orders.ts';
import { users } from './users.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** The assets an OS served (chosen on creation, editable by gestão until it is concluded). */
export const osAssets = pgTable(
  'os_assets',
  {
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceOrderId, t.assetId] }),
    index('os_assets_asset_idx').on(t.assetId),
  ],
);

/** Checklist answers per asset of an OS: the OS's checklist answered once for each asset. */
export const osAssetAnswers = pgTable(
  'os_asset_answers',
  {
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => serviceTypeItems.id, { onDelete: 'restrict' }),
    valorSimNao: text('valor_sim_nao', { enum: ['sim', 'nao', 'na'] }),
    valorNumero: doublePrecision('valor_numero'),
    valorTexto: text('valor_texto'),
    valorOpcoes: jsonb('valor_opcoes').$type<string[]>(),
    valorData: date('valor_data', { mode: 'string' }),
    observacao: text('observacao'),
    respondidoPor: integer('respondido_por').references(() => users.id, { onDelete: 'set null' }),
    respondidoEm: tz('respondido_em').notNull().defaultNow(),
    deviceTime: tz('device_time'),
  },
  (t) => [primaryKey({ columns: [t.serviceOrderId, t.assetId, t.itemId] })],
);

/** A maintenance plan: a checklist (service type) and a periodicity per asset type or asset. */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    assetTypeId: integer('asset_type_id').references(() => assetTypes.id, {
      onDelete: 'restrict',
    }),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'restrict' }),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'restrict' }),
    periodicidade: text('periodicidade').$type<PlanPeriodicity>().notNull(),
    intervaloDias: integer('intervalo_dias'),
    /** A plan "a cada N horas de uso": the hour meter's readings project its dates. */
    intervaloHoras: integer('intervalo_horas'),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    duracaoMin: integer('duracao_min').notNull().default(120),
    ativo: boolean('ativo').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_plans_contract_idx').on(t.contractId),
    check('maintenance_plans_target_ck', sql`(${t.assetTypeId} is null) <> (${t.assetId} is null)`),
    check(
      'maintenance_plans_period_ck',
      sql`${t.periodicidade} in ('mensal','bimestral','trimestral','semestral','anual','dias','horas')
        and (${t.periodicidade} <> 'dias' or ${t.intervaloDias} >= 1)
        and (${t.periodicidade} <> 'horas' or ${t.intervaloHoras} between 1 and 100000)`,
    ),
  ],
);

/**
 * One due date of a plan for one asset and the OS opened for it. The unique key makes the
 * generation exactly once per due date, whichever node (or second run) gets there. A plan
 * "a cada N horas" is keyed by the meter's hours instead (`horas_alvo`), since its projected
 * date moves with each reading.
 */
export const planOccurrences = pgTable(
  'plan_occurrences',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** The plan's date; `dia` is the working day the OS was planned for. */
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    horasAlvo: doublePrecision('horas_alvo'),
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id, {
      onDelete: 'set null',
    }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_occurrences_due_idx')
      .on(t.planId, t.assetId, t.vencimento)
      .where(sql`${t.horasAlvo} is null`),
    uniqueIndex('plan_occurrences_hours_idx')
      .on(t.planId, t.assetId, t.horasAlvo)
      .where(sql`${t.horasAlvo} is not null`),
    index('plan_occurrences_asset_idx').on(t.assetId, t.vencimento),
    index('plan_occurrences_os_idx').on(t.serviceOrderId),
  ],
);

/** Per contract: the preventive OSs' horizon, team and hour; the PMOC's building and RT. */
export const assetContractSettings = pgTable(
  'asset_contract_settings',
  {
    contractId: integer('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    horizonteDias: integer('horizonte_dias').notNull().default(30),
    equipe: jsonb('equipe').$type<number[]>().notNull().default([]),
    horaInicio: integer('hora_inicio').notNull().default(8),
    edificioNome: text('edificio_nome'),
    edificioEndereco: text('edificio_endereco'),
    edificioUso: text('edificio_uso'),
    rtNome: text('rt_nome'),
    rtRegistro: text('rt_registro'),
    rtArt: text('rt_art'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('asset_contract_settings_horizon_ck', sql`${t.horizonteDias} between 1 and 365`)],
);

/**
 * Each PMOC issued: its content as printed (canonical JSON) and that content's SHA-256, which
 * the PDF prints; the public check by its random code shows the same hash.
 */
export const pmocIssues = pgTable(
  'pmoc_issues',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    ano: integer('ano').notNull(),
    conteudo: jsonb('conteudo').notNull(),
    sha256: text('sha256').notNull(),
    verificacaoCodigo: uuid('verificacao_codigo').notNull().defaultRandom(),
    emitidoPor: integer('emitido_por').references(() => users.id, { onDelete: 'set null' }),
    emitidoEm: tz('emitido_em').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pmoc_issues_code_idx').on(t.verificacaoCodigo),
    index('pmoc_issues_contract_idx').on(t.contractId, t.emitidoEm),
  ],
);
