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
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { vehicles } from './fleet.ts';
import { murals } from './murals.ts';
import { sstActivityTypes } from './sst.ts';
import { users } from './users.ts';

/** Field schedule entries (/tatico/agenda). */
export const agendaEntries = pgTable(
  'agenda_entries',
  {
    id: serial('id').primaryKey(),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    fim: timestamp('fim', { withTimezone: true }).notNull(),
    local: text('local').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    muralId: integer('mural_id').references(() => murals.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    descricao: text('descricao').notNull(),
    /** "Tipo de atividade": the SST requirement set its people must meet. */
    activityTypeId: integer('activity_type_id').references(() => sstActivityTypes.id, {
      onDelete: 'set null',
    }),
    /** Written reason a gerente/diretoria gave to schedule people who miss a requirement. */
    sstOverrideMotivo: text('sst_override_motivo'),
    sstOverrideBy: integer('sst_override_by').references(() => users.id, { onDelete: 'set null' }),
    sstOverrideAt: timestamp('sst_override_at', { withTimezone: true }),
    /** The reasons the override accepted ("João Pereira: NR-35 vencida em 12/10/2026"). */
    sstOverridePendencias: jsonb('sst_override_pendencias').$type<string[]>(),
    status: text('status', { enum: ['agendado', 'em_execucao', 'concluido', 'cancelado'] })
      .notNull()
      .default('agendado'),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    /** When the start/finish reached the server; iniciado_em/concluido_em are the device's time. */
    iniciadoRecebidoEm: timestamp('iniciado_recebido_em', { withTimezone: true }),
    concluidoRecebidoEm: timestamp('concluido_recebido_em', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_entries_period_idx').on(t.inicio, t.fim),
    index('agenda_entries_vehicle_idx').on(t.vehicleId, t.inicio),
    index('agenda_entries_contract_idx').on(t.contractId, t.inicio),
    check('agenda_entries_period_ck', sql`${t.fim} > ${t.inicio}`),
  ],
);

/** People of an entry. */
export const agendaEntryPeople = pgTable(
  'agenda_entry_people',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => agendaEntries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    index('agenda_entry_people_user_idx').on(t.userId),
  ],
);
