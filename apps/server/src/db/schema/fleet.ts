import { sql } from 'drizzle-orm';
import {
  boolean,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

/** Company vehicles; placa is stored normalised (ABC1234 / ABC1D23). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    placa: text('placa').notNull(),
    modelo: text('modelo').notNull(),
    marca: text('marca').notNull(),
    ano: integer('ano').notNull(),
    renavam: text('renavam'),
    odometroKm: integer('odometro_km').notNull().default(0),
    status: text('status', { enum: ['disponivel', 'em_uso', 'manutencao', 'inativo'] })
      .notNull()
      .default('disponivel'),
    licenciamentoVencimento: date('licenciamento_vencimento'),
    seguroVencimento: date('seguro_vencimento'),
    observacoes: text('observacoes'),
    /** CNH category the driver needs (A..E); checked at check-out. */
    categoriaCnh: text('categoria_cnh', { enum: ['A', 'B', 'C', 'D', 'E'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [
      vehicles.placa,
      vehicles.modelo,
      vehicles.marca,
    ]),
  },
  (t) => [
    uniqueIndex('vehicles_placa_idx').on(t.placa),
    // An old plate and its Mercosul form (WCN8234 / WCN8C34) are one vehicle: the 5th character
    // compared as Mercosul writes it (digit 0-9 -> letter A-J), so two requests at the same
    // moment cannot register both.
    uniqueIndex('vehicles_placa_mercosul_idx').on(
      sql`(left(${t.placa}, 4) || translate(substr(${t.placa}, 5, 1), '0123456789', 'ABCDEFGHIJ') || substr(${t.placa}, 6))`,
    ),
    check('vehicles_odometro_ck', sql`${t.odometroKm} >= 0`),
    searchIndex('vehicles_search_idx', t.searchText),
  ],
);

/** Preventive (by date and/or km) and corrective maintenance of a vehicle. */
export const vehicleMaintenances = pgTable(
  'vehicle_maintenances',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['preventiva', 'corretiva'] }).notNull(),
    status: text('status', { enum: ['agendada', 'em_andamento', 'concluida'] })
      .notNull()
      .default('agendada'),
    descricao: text('descricao').notNull(),
    previstaData: date('prevista_data'),
    previstaKm: integer('prevista_km'),
    realizadaData: date('realizada_data'),
    realizadaKm: integer('realizada_km'),
    fornecedor: text('fornecedor'),
    custo: numeric('custo', { precision: 12, scale: 2, mode: 'number' }),
    /** The contract the cost goes to; when null, derived from the vehicle's work that day. */
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    observacao: text('observacao'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_maintenances_vehicle_idx').on(t.vehicleId, t.status),
    // The contract's cost (costs.repo.ts): the costs named to a contract, by the day they count
    // on (those named to none are found by vehicle and day) and contract deletion's SET NULL.
    index('vehicle_maintenances_contract_day_idx')
      .on(t.contractId, sql`coalesce(${t.realizadaData}, ${t.previstaData})`)
      .where(sql`${t.custo} is not null`),
  ],
);

/** Fuel log entries. */
export const vehicleFuelLogs = pgTable(
  'vehicle_fuel_logs',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    data: date('data').notNull(),
    combustivel: text('combustivel', { enum: ['gasolina', 'etanol', 'diesel', 'gnv'] }).notNull(),
    litros: numeric('litros', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    valorTotal: numeric('valor_total', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    km: integer('km').notNull(),
    posto: text('posto'),
    /** The contract the cost goes to; when null, derived from the vehicle's work that day. */
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_fuel_logs_vehicle_idx').on(t.vehicleId, t.data),
    // The contract's cost (costs.repo.ts), as for maintenance above.
    index('vehicle_fuel_logs_contract_day_idx').on(t.contractId, t.data),
  ],
);

/** Check-out of a vehicle to a driver and its check-in; at most one open per vehicle. */
export const vehicleCheckouts = pgTable(
  'vehicle_checkouts',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    condutorId: integer('condutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    saidaEm: timestamp('saida_em', { withTimezone: true }).notNull().defaultNow(),
    kmSaida: integer('km_saida').notNull(),
    destino: text('destino'),
    retornoEm: timestamp('retorno_em', { withTimezone: true }),
    kmRetorno: integer('km_retorno'),
    observacao: text('observacao'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The person checking in confirmed an implausibly long trip (KM_JUMP_WARN). */
    kmAltoConfirmado: boolean('km_alto_confirmado').notNull().default(false),
  },
  (t) => [
    index('vehicle_checkouts_vehicle_idx').on(t.vehicleId, t.saidaEm),
    uniqueIndex('vehicle_checkouts_open_idx')
      .on(t.vehicleId)
      .where(sql`${t.retornoEm} is null`),
    check('vehicle_checkouts_km_ck', sql`${t.kmRetorno} is null or ${t.kmRetorno} >= ${t.kmSaida}`),
  ],
);

/**
 * A km reading corrected by a manager (typo at check-in, fuel or the odometer itself): the
 * reading is overwritten and this row keeps the value it had, the new one and why.
 */
export const vehicleKmCorrections = pgTable(
  'vehicle_km_corrections',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    leitura: text('leitura', { enum: ['odometro', 'saida', 'retorno', 'abastecimento'] }).notNull(),
    refId: integer('ref_id'),
    kmAnterior: integer('km_anterior').notNull(),
    kmCorrigido: integer('km_corrigido').notNull(),
    odometroAnterior: integer('odometro_anterior').notNull(),
    odometroNovo: integer('odometro_novo').notNull(),
    motivo: text('motivo').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vehicle_km_corrections_vehicle_idx').on(t.vehicleId, t.createdAt)],
);
