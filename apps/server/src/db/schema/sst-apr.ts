import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { agendaEntries } from './agenda.ts';
import { epiItems } from './epi.ts';
import { serviceOrders, serviceTypes } from './service-orders.ts';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const PT_TYPES = ['altura', 'espaco_confinado', 'eletricidade'] as const;
const PT_STATUSES = ['emitida', 'aprovada', 'encerrada', 'recusada', 'expirada'] as const;

/** One step of an APR: what is done, its hazards, their controls. */
export interface AprStepRow {
  etapa: string;
  perigos: string;
  controles: string;
}

/** "Exige PT (tipo)" of a service type: an OS of it needs an approved PT to check in. */
export const sstServiceTypePts = pgTable('sst_service_type_pts', {
  serviceTypeId: integer('service_type_id')
    .primaryKey()
    .references(() => serviceTypes.id, { onDelete: 'cascade' }),
  tipo: text('tipo', { enum: PT_TYPES }).notNull(),
});

/** APR (análise preliminar de risco) of an OS or an agenda entry. */
export const sstAprs = pgTable(
  'sst_aprs',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id, {
      onDelete: 'restrict',
    }),
    agendaEntryId: integer('agenda_entry_id').references(() => agendaEntries.id, {
      onDelete: 'set null',
    }),
    atividade: text('atividade').notNull(),
    local: text('local'),
    etapas: jsonb('etapas').$type<AprStepRow[]>().notNull(),
    status: text('status', { enum: ['rascunho', 'em_assinatura', 'assinada'] })
      .notNull()
      .default('rascunho'),
    responsavelId: integer('responsavel_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    enviadaEm: tz('enviada_em'),
    assinadaEm: tz('assinada_em'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    // The APR and PT lists' search box: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [sstAprs.atividade, sstAprs.local]),
  },
  (t) => [
    index('sst_aprs_os_idx').on(t.serviceOrderId),
    index('sst_aprs_entry_idx').on(t.agendaEntryId),
    index('sst_aprs_status_idx').on(t.status, t.createdAt),
    searchIndex('sst_aprs_search_idx', t.searchText),
  ],
);

/** EPI items an APR requires. */
export const sstAprEpis = pgTable(
  'sst_apr_epis',
  {
    aprId: integer('apr_id')
      .notNull()
      .references(() => sstAprs.id, { onDelete: 'cascade' }),
    epiItemId: integer('epi_item_id')
      .notNull()
      .references(() => epiItems.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.aprId, t.epiItemId] })],
);

/** The team of an APR and each one's "Li e concordo" (session user, time, position). */
export const sstAprPeople = pgTable(
  'sst_apr_people',
  {
    aprId: integer('apr_id')
      .notNull()
      .references(() => sstAprs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assinadoEm: tz('assinado_em'),
    dispositivo: text('dispositivo'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    precisaoM: doublePrecision('precisao_m'),
  },
  (t) => [
    primaryKey({ columns: [t.aprId, t.userId] }),
    index('sst_apr_people_user_idx').on(t.userId),
  ],
);

/** PT (permissão de trabalho) for one shift, linked to its APR. */
export const sstPts = pgTable(
  'sst_pts',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', { enum: PT_TYPES }).notNull(),
    aprId: integer('apr_id')
      .notNull()
      .references(() => sstAprs.id, { onDelete: 'restrict' }),
    serviceOrderId: integer('service_order_id').references(() => serviceOrders.id, {
      onDelete: 'restrict',
    }),
    inicio: tz('inicio').notNull(),
    fim: tz('fim').notNull(),
    medidas: jsonb('medidas').$type<string[]>().notNull(),
    observacoes: text('observacoes'),
    status: text('status', { enum: PT_STATUSES }).notNull().default('emitida'),
    responsavelId: integer('responsavel_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    aprovadorId: integer('aprovador_id').references(() => users.id, { onDelete: 'restrict' }),
    decididaEm: tz('decidida_em'),
    comentarioDecisao: text('comentario_decisao'),
    encerradaPor: integer('encerrada_por').references(() => users.id, { onDelete: 'restrict' }),
    encerradaEm: tz('encerrada_em'),
    observacaoEncerramento: text('observacao_encerramento'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sst_pts_os_idx').on(t.serviceOrderId, t.status),
    index('sst_pts_status_idx').on(t.status, t.fim),
    check(
      'sst_pts_shift_ck',
      sql`${t.fim} > ${t.inicio} and ${t.fim} - ${t.inicio} <= interval '1 day'`,
    ),
  ],
);

/** The team of a PT. */
export const sstPtPeople = pgTable(
  'sst_pt_people',
  {
    ptId: integer('pt_id')
      .notNull()
      .references(() => sstPts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.ptId, t.userId] }),
    index('sst_pt_people_user_idx').on(t.userId),
  ],
);

/** Every state change of a PT (approvals pattern of solicitações: who, when, from, to, why). */
export const sstPtEvents = pgTable(
  'sst_pt_events',
  {
    id: serial('id').primaryKey(),
    ptId: integer('pt_id')
      .notNull()
      .references(() => sstPts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: PT_STATUSES }),
    toStatus: text('to_status', { enum: PT_STATUSES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    comentario: text('comentario'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sst_pt_events_pt_idx').on(t.ptId, t.id)],
);
