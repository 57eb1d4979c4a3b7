import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { agendaEntries } from './agenda.ts';
import { contracts } from './contracts.ts';
import { vehicles } from './fleet.ts';
import { inventoryItems, inventoryMovements } from './inventory.ts';
import { murals } from './murals.ts';
import { users } from './users.ts';
import { searchColumn, searchIndex } from '../search-text.ts';

const OS_STATUS = [
  'aberta',
  'em_deslocamento',
  'em_execucao',
  'pausada',
  'concluida',
  'cancelada',
] as const;
const ITEM_TYPES = [
  'sim_nao',
  'numero',
  'texto_curto',
  'texto_longo',
  'escolha_unica',
  'escolha_multipla',
  'foto',
  'data',
] as const;

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Kinds of service (tipos de serviço), each with versioned checklist templates. */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    /** At conclusion, the report link goes to the OS's customer e-mail (opt-out per type). */
    enviarRelatorioCliente: boolean('enviar_relatorio_cliente').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_types_nome_idx').on(sql`lower(${t.nome})`)],
);

/** One version of a type's checklist; an OS keeps the version it was created with. */
export const serviceTypeVersions = pgTable(
  'service_type_versions',
  {
    id: serial('id').primaryKey(),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
    versao: integer('versao').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_type_versions_type_idx').on(t.serviceTypeId, t.versao)],
);

/** Items of a template version, in order (never changed once written). */
export const serviceTypeItems = pgTable(
  'service_type_items',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => serviceTypeVersions.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    titulo: text('titulo').notNull(),
    tipo: text('tipo', { enum: ITEM_TYPES }).notNull(),
    obrigatorio: boolean('obrigatorio').notNull().default(false),
    ajuda: text('ajuda'),
    unidade: text('unidade'),
    minimo: doublePrecision('minimo'),
    maximo: doublePrecision('maximo'),
    opcoes: jsonb('opcoes').$type<string[]>().notNull().default([]),
    fotosMinimas: integer('fotos_minimas'),
  },
  (t) => [index('service_type_items_version_idx').on(t.versionId, t.ordem)],
);

/** Last OS number given per year; updated in the creating transaction (no gaps). */
export const serviceOrderCounters = pgTable('service_order_counters', {
  ano: integer('ano').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});

/** Customer's signature metadata (device, where). */
export interface OsSignatureMeta {
  dispositivo: string | null;
  latitude: number | null;
  longitude: number | null;
  precisao_m: number | null;
  tracos: number;
}

/** Service orders (OS): one service visit at a customer site. */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    ano: integer('ano').notNull(),
    numero: integer('numero').notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'restrict' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => serviceTypeVersions.id, { onDelete: 'restrict' }),
    agendaEntryId: integer('agenda_entry_id').references(() => agendaEntries.id, {
      onDelete: 'set null',
    }),
    muralId: integer('mural_id').references(() => murals.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    local: text('local').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    descricao: text('descricao'),
    clienteEmail: text('cliente_email'),
    previstoInicio: tz('previsto_inicio').notNull(),
    previstoFim: tz('previsto_fim').notNull(),
    status: text('status', { enum: OS_STATUS }).notNull().default('aberta'),
    checkInEm: tz('check_in_em'),
    concluidaEm: tz('concluida_em'),
    canceladaEm: tz('cancelada_em'),
    cancelamentoMotivo: text('cancelamento_motivo'),
    kmSaida: integer('km_saida'),
    kmRetorno: integer('km_retorno'),
    observacoes: text('observacoes'),
    assinaturaTipo: text('assinatura_tipo', { enum: ['assinada', 'recusada'] }),
    clienteNome: text('cliente_nome'),
    clienteCpf: text('cliente_cpf'),
    assinaturaKey: text('assinatura_key'),
    assinaturaSha256: text('assinatura_sha256'),
    assinaturaMeta: jsonb('assinatura_meta').$type<OsSignatureMeta>(),
    recusaMotivo: text('recusa_motivo'),
    avaliacao: integer('avaliacao'),
    comentario: text('comentario'),
    seladaEm: tz('selada_em'),
    selo: text('selo_sha256'),
    /** SHA-256 of the random token of the customer's report link. */
    relatorioTokenHash: text('relatorio_token_hash'),
    /** The customer's link stops working then (OS_REPORT_LINK_DAYS after it was sent). */
    relatorioExpiraEm: tz('relatorio_expira_em'),
    /** Revoked from the OS: the link answers "revogado" until a new one is sent. */
    relatorioRevogadoEm: tz('relatorio_revogado_em'),
    /**
     * The public verification page's code (random, 122 bits): the sequential OS number alone
     * must not let anyone check any OS. Existing rows got theirs when the column was added.
     */
    verificacaoCodigo: uuid('verificacao_codigo').notNull().defaultRandom(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    // Global search and list filters: the stored, indexed search document (db/search-text.ts).
    searchText: searchColumn((): AnyPgColumn[] => [
      serviceOrders.codigo,
      serviceOrders.local,
      serviceOrders.descricao,
    ]),
  },
  (t) => [
    uniqueIndex('service_orders_codigo_idx').on(t.codigo),
    uniqueIndex('service_orders_numero_idx').on(t.ano, t.numero),
    // One live OS per agenda entry (a cancelled one may be replaced).
    uniqueIndex('service_orders_agenda_idx')
      .on(t.agendaEntryId)
      .where(sql`${t.status} <> 'cancelada' and ${t.agendaEntryId} is not null`),
    uniqueIndex('service_orders_token_idx').on(t.relatorioTokenHash),
    uniqueIndex('service_orders_verificacao_idx').on(t.verificacaoCodigo),
    index('service_orders_contract_idx').on(t.contractId, t.previstoInicio),
    // The contracts a vehicle worked for on a day (fuel and maintenance without a contract).
    index('service_orders_vehicle_idx').on(t.vehicleId, t.previstoInicio),
    index('service_orders_status_idx').on(t.status, t.previstoInicio),
    // The OS order of the global search (start, then id), read in index order.
    index('service_orders_start_idx').on(t.previstoInicio, t.id),
    // Global search (db/search-text.ts).
    searchIndex('service_orders_search_idx', t.searchText),
    check('service_orders_period_ck', sql`${t.previstoFim} > ${t.previstoInicio}`),
    check(
      'service_orders_avaliacao_ck',
      sql`${t.avaliacao} is null or ${t.avaliacao} between 1 and 5`,
    ),
  ],
);

/** The team of an OS over time: a helper added later or removed keeps their period. */
export const serviceOrderPeople = pgTable(
  'service_order_people',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entrouEm: tz('entrou_em').notNull().defaultNow(),
    saiuEm: tz('saiu_em'),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('service_order_people_os_idx').on(t.serviceOrderId),
    index('service_order_people_user_idx').on(t.userId),
    // A person is on the team at most once at a time.
    uniqueIndex('service_order_people_current_idx')
      .on(t.serviceOrderId, t.userId)
      .where(sql`${t.saiuEm} is null`),
  ],
);

/** Every step and change of an OS: who, server time, device time, position. */
export const serviceOrderEvents = pgTable(
  'service_order_events',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    status: text('status', { enum: OS_STATUS }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    em: tz('em').notNull().defaultNow(),
    deviceTime: tz('device_time'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    precisaoM: doublePrecision('precisao_m'),
    distanciaM: doublePrecision('distancia_m'),
    motivo: text('motivo'),
    texto: text('texto'),
  },
  (t) => [index('service_order_events_os_idx').on(t.serviceOrderId, t.id)],
);

/** Checklist answers: one per item of the OS's template version. */
export const serviceOrderAnswers = pgTable(
  'service_order_answers',
  {
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
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
  (t) => [primaryKey({ columns: [t.serviceOrderId, t.itemId] })],
);

/** Photos of an OS with where/when they were taken. */
export const serviceOrderPhotos = pgTable(
  'service_order_photos',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** Small JPEG made on upload for the OS page and the PDF; null for older photos. */
    thumbKey: text('thumb_key'),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    tiradaEm: tz('tirada_em'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    precisaoM: doublePrecision('precisao_m'),
    tag: text('tag', { enum: ['antes', 'depois'] }),
    legenda: text('legenda'),
    checklistItemId: integer('checklist_item_id').references(() => serviceTypeItems.id, {
      onDelete: 'set null',
    }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    deviceTime: tz('device_time'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_order_photos_os_idx').on(t.serviceOrderId, t.id)],
);

/** Materials and tools used; consumables leave the stock through an inventory movement. */
export const serviceOrderMaterials = pgTable(
  'service_order_materials',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    quantidade: integer('quantidade').notNull(),
    /**
     * The item's unit cost when it was used (a later price change does not rewrite the OS);
     * null when the item had none (tools, or a consumable without a cost).
     */
    custoUnitario: numeric('custo_unitario', { precision: 12, scale: 2, mode: 'number' }),
    observacao: text('observacao'),
    movementId: integer('movement_id').references(() => inventoryMovements.id, {
      onDelete: 'set null',
    }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceTime: tz('device_time'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** Reversed (removed from the OS): the entrada that gave the stock back. */
    estornadoEm: tz('estornado_em'),
    estornoMovementId: integer('estorno_movement_id').references(() => inventoryMovements.id, {
      onDelete: 'set null',
    }),
    estornadoPor: integer('estornado_por').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('service_order_materials_os_idx').on(t.serviceOrderId),
    check('service_order_materials_qtd_ck', sql`${t.quantidade} > 0`),
  ],
);

/** Corrections after sealing, by gerente/diretoria (shown as addenda, outside the seal). */
export const serviceOrderAddenda = pgTable(
  'service_order_addenda',
  {
    id: serial('id').primaryKey(),
    serviceOrderId: integer('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    texto: text('texto').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_order_addenda_os_idx').on(t.serviceOrderId)],
);
