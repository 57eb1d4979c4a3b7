import { z } from 'zod';
import { pageNumber, pageSize, positiveId } from './common.ts';
import { updatedSince } from './sync.ts';
import { fieldDate, fieldId, fieldOptionalText, fieldText } from './field-common.ts';
import { assetFieldValues, assetTypeFieldSchema, assetTypeFieldsBody } from './asset-fields.ts';

// Customer assets (ativos): equipment at customer sites that the company maintains, per
// contract and site, with a type from an editable catalogue whose category decides the typed
// fields (capacity for HVAC, charge and agent for extinguishers, ...). Tab "Ativos" of
// /tatico/agenda; docs/assets.md.

export const ASSET_STATUSES = ['ativo', 'inativo', 'substituido'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  substituido: 'Substituído',
};

/** A type's category: which typed fields its assets carry. */
export const ASSET_CATEGORIES = [
  'climatizacao',
  'extintor',
  'gerador',
  'reservatorio',
  'geral',
] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];
export const ASSET_CATEGORY_LABELS: Record<AssetCategory, string> = {
  climatizacao: 'Climatização (HVAC)',
  extintor: 'Extintor',
  gerador: 'Gerador',
  reservatorio: 'Reservatório',
  geral: 'Geral (sem campos técnicos)',
};

export const CAPACITY_UNITS = ['BTU/h', 'TR'] as const;
export const EXTINGUISHER_AGENTS = [
  'agua',
  'espuma',
  'po_bc',
  'po_abc',
  'co2',
  'classe_d',
] as const;
export type ExtinguisherAgent = (typeof EXTINGUISHER_AGENTS)[number];
export const EXTINGUISHER_AGENT_LABELS: Record<ExtinguisherAgent, string> = {
  agua: 'Água',
  espuma: 'Espuma mecânica',
  po_bc: 'Pó BC',
  po_abc: 'Pó ABC',
  co2: 'CO₂',
  classe_d: 'Classe D',
};

function positiveNumber(label: string, max: number) {
  return z
    .number({ error: `${label}: informe um número.` })
    .positive(`${label} deve ser maior que zero.`)
    .max(max, `${label}: no máximo ${max.toLocaleString('pt-BR')}.`)
    .nullish();
}

const fields = {
  capacidade: positiveNumber('A capacidade', 100_000_000),
  unidade_capacidade: z
    .enum(CAPACITY_UNITS, { error: 'Unidade da capacidade: use BTU/h ou TR.' })
    .nullish(),
  carga_kg: positiveNumber('A carga (kg)', 1_000),
  agente: z.enum(EXTINGUISHER_AGENTS, { error: 'Agente extintor inválido.' }).nullish(),
  potencia_kva: positiveNumber('A potência (kVA)', 100_000),
  volume_litros: positiveNumber('O volume (litros)', 100_000_000),
};

/** The typed fields of each category (zod per type); a field of another category is refused. */
export const ASSET_DATA_SCHEMAS = {
  climatizacao: z.strictObject({
    capacidade: fields.capacidade,
    unidade_capacidade: fields.unidade_capacidade,
  }),
  extintor: z.strictObject({ carga_kg: fields.carga_kg, agente: fields.agente }),
  gerador: z.strictObject({ potencia_kva: fields.potencia_kva }),
  reservatorio: z.strictObject({ volume_litros: fields.volume_litros }),
  geral: z.strictObject({}),
} satisfies Record<AssetCategory, z.ZodType>;

/** Every typed field, each optional: the request shape; the category narrows it. */
export const assetData = z.strictObject(fields, {
  error: (iss) =>
    iss.code === 'unrecognized_keys'
      ? `Campo desconhecido nos dados do ativo: ${iss.keys.join(', ')}.`
      : 'Dados do ativo inválidos.',
});
export type AssetData = z.infer<typeof assetData>;
export type AssetDataKey = keyof AssetData;

/** Label, unit and kind of each typed field (forms, lists, the import template). */
export const ASSET_DATA_FIELDS: Record<
  AssetDataKey,
  { label: string; kind: 'number' | 'enum'; options?: Record<string, string> }
> = {
  capacidade: { label: 'Capacidade', kind: 'number' },
  unidade_capacidade: {
    label: 'Unidade da capacidade',
    kind: 'enum',
    options: { 'BTU/h': 'BTU/h', TR: 'TR' },
  },
  carga_kg: { label: 'Carga (kg)', kind: 'number' },
  agente: { label: 'Agente extintor', kind: 'enum', options: EXTINGUISHER_AGENT_LABELS },
  potencia_kva: { label: 'Potência (kVA)', kind: 'number' },
  volume_litros: { label: 'Volume (litros)', kind: 'number' },
};

/** The typed fields of a category, in form order. */
export const ASSET_CATEGORY_FIELDS: Record<AssetCategory, AssetDataKey[]> = {
  climatizacao: ['capacidade', 'unidade_capacidade'],
  extintor: ['carga_kg', 'agente'],
  gerador: ['potencia_kva'],
  reservatorio: ['volume_litros'],
  geral: [],
};

/**
 * The data of an asset of `category`, without empty fields, or the reason it is refused
 * (a field of another category: "Carga (kg) não se aplica a ativos de Climatização (HVAC).").
 */
export function checkAssetData(
  category: AssetCategory,
  data: AssetData,
): { ok: true; data: AssetData } | { ok: false; error: string } {
  const clean: AssetData = {};
  for (const [k, v] of Object.entries(data) as [AssetDataKey, unknown][]) {
    if (v === null || v === undefined) continue;
    if (!ASSET_CATEGORY_FIELDS[category].includes(k)) {
      return {
        ok: false,
        error: `${ASSET_DATA_FIELDS[k].label} não se aplica a ativos de ${ASSET_CATEGORY_LABELS[category]}.`,
      };
    }
    (clean as Record<string, unknown>)[k] = v;
  }
  const parsed = ASSET_DATA_SCHEMAS[category].safeParse(clean);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  return { ok: true, data: clean };
}

/** "12.000 BTU/h", "6 kg · Pó ABC", "150 kVA", "10.000 L": the typed fields in one line. */
export function assetDataSummary(data: AssetData): string {
  const n = (v: number) => v.toLocaleString('pt-BR');
  const parts: string[] = [];
  if (data.capacidade) parts.push(`${n(data.capacidade)} ${data.unidade_capacidade ?? ''}`.trim());
  if (data.carga_kg) parts.push(`${n(data.carga_kg)} kg`);
  if (data.agente) parts.push(EXTINGUISHER_AGENT_LABELS[data.agente]);
  if (data.potencia_kva) parts.push(`${n(data.potencia_kva)} kVA`);
  if (data.volume_litros) parts.push(`${n(data.volume_litros)} L`);
  return parts.join(' · ');
}

/** "Bloco A · 3º andar · Sala 301": the site in one line, empty parts left out. */
export function assetSite(a: { predio: string | null; andar: string | null; sala: string | null }) {
  return [a.predio, a.andar, a.sala].filter(Boolean).join(' · ');
}

// ---------------------------------------------------------------- types (catalogue)

export const assetTypeSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  categoria: z.enum(ASSET_CATEGORIES),
  ativo: z.boolean(),
  /** The type's own default fields (name, unit, kind), asked by the asset form. */
  campos: z.array(assetTypeFieldSchema),
  total_ativos: z.number().int(),
  /** Plans that name the type: with assets or plans the type cannot be deleted. */
  total_planos: z.number().int(),
});
export type AssetType = z.infer<typeof assetTypeSchema>;
export const assetTypeListResponse = z.object({ items: z.array(assetTypeSchema) });

const categoryField = z.enum(ASSET_CATEGORIES, { error: 'Categoria do tipo inválida.' });

export const assetTypeBody = z.object({
  nome: fieldText('o nome do tipo', 80, 2),
  categoria: categoryField,
  campos: assetTypeFieldsBody.default([]),
});
export type AssetTypeBody = z.input<typeof assetTypeBody>;
export const assetTypePatchBody = z.object({
  nome: fieldText('o nome do tipo', 80, 2).optional(),
  ativo: z.boolean({ error: 'Informe se o tipo está ativo.' }).optional(),
  campos: assetTypeFieldsBody.optional(),
});
export type AssetTypePatchBody = z.input<typeof assetTypePatchBody>;

// ---------------------------------------------------------------- assets

/** Letters, digits, space and . / - _ # (AC-301, EXT 12, BLOCO-A/3.01). */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ./#_-]*$/u;

/** A tag as stored: trimmed, inner spaces collapsed, upper case. */
export const assetTag = fieldText('a tag', 40)
  .transform((v) => v.replace(/\s+/g, ' ').toUpperCase())
  .refine(
    (v) => TAG_PATTERN.test(v),
    'Tag inválida: use letras, números, espaço e os sinais . / # - _ (começando por letra ou número).',
  );

// A serial number comes as printed on the plate; control characters are never part of one.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const serialField = fieldOptionalText('o número de série', 80).refine(
  (v) => v === null || !CONTROL.test(v),
  'Número de série com caractere de controle: digite-o como aparece na placa.',
);

const assetStatusField = z.enum(ASSET_STATUSES, {
  error: 'Situação inválida: use ativo, inativo ou substituído.',
});

const assetFields = {
  type_id: fieldId('o tipo'),
  tag: assetTag,
  descricao: fieldOptionalText('a descrição', 200),
  predio: fieldOptionalText('o prédio', 80),
  andar: fieldOptionalText('o andar', 40),
  sala: fieldOptionalText('a sala', 80),
  fabricante: fieldOptionalText('o fabricante', 80),
  modelo: fieldOptionalText('o modelo', 80),
  numero_serie: serialField,
  instalado_em: fieldDate('a data de instalação').nullish(),
  garantia_ate: fieldDate('o fim da garantia').nullish(),
  status: assetStatusField.default('ativo'),
  dados: assetData.default({}),
  campos: assetFieldValues.default({}),
};

function datesInOrder(v: { instalado_em?: string | null; garantia_ate?: string | null }) {
  return !v.instalado_em || !v.garantia_ate || v.garantia_ate >= v.instalado_em;
}
const DATES_ORDER = {
  message: 'O fim da garantia não pode ser antes da instalação.',
  path: ['garantia_ate'],
};

export const assetBody = z
  .object({ contract_id: fieldId('o contrato'), ...assetFields })
  .refine(datesInOrder, DATES_ORDER);
export type AssetBody = z.input<typeof assetBody>;

export const assetPatchBody = z
  .object({
    type_id: assetFields.type_id.optional(),
    tag: assetFields.tag.optional(),
    descricao: assetFields.descricao.optional(),
    predio: assetFields.predio.optional(),
    andar: assetFields.andar.optional(),
    sala: assetFields.sala.optional(),
    fabricante: assetFields.fabricante.optional(),
    modelo: assetFields.modelo.optional(),
    numero_serie: serialField.optional(),
    instalado_em: fieldDate('a data de instalação').nullable().optional(),
    garantia_ate: fieldDate('o fim da garantia').nullable().optional(),
    status: assetStatusField.optional(),
    dados: assetData.optional(),
    campos: assetFieldValues.optional(),
  })
  .refine(datesInOrder, DATES_ORDER);
export type AssetPatchBody = z.input<typeof assetPatchBody>;

export const assetListQuery = z.object({
  q: z.string().trim().max(80, 'Busca com no máximo 80 caracteres.').optional(),
  contract_id: positiveId.optional(),
  type_id: positiveId.optional(),
  status: assetStatusField.optional(),
  /** `true`: only assets with an overdue preventive date (late or skipped). */
  atrasadas: z.enum(['true', 'false']).optional(),
  page: pageNumber,
  perPage: pageSize(100, 25),
});
export type AssetListQuery = z.input<typeof assetListQuery>;

const ref = z.object({ id: z.number().int(), nome: z.string() });

export const assetSchema = z.object({
  id: z.number().int(),
  contrato: z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() }),
  tipo: ref.extend({
    categoria: z.enum(ASSET_CATEGORIES),
    campos: z.array(assetTypeFieldSchema),
  }),
  tag: z.string(),
  descricao: z.string().nullable(),
  predio: z.string().nullable(),
  andar: z.string().nullable(),
  sala: z.string().nullable(),
  fabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  numero_serie: z.string().nullable(),
  instalado_em: z.string().nullable(),
  garantia_ate: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  dados: assetData,
  /** Values of the type's own fields, by the field's key. */
  campos: z.record(z.string(), z.union([z.number(), z.string()])),
  updated_at: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListResponse = z.object({
  /** `atrasadas`: the asset's overdue preventive dates (late or skipped), now. */
  items: z.array(assetSchema.extend({ atrasadas: z.number().int() })),
  total: z.number().int(),
});
export type AssetListResponse = z.infer<typeof assetListResponse>;

/**
 * GET /api/tatico/ativos/changes?<the page's query>&updated_since=… — what changed on one page
 * of the asset list since a moment, with the list's filters and the caller's contracts: `ids`,
 * the page's assets now in its order; `items`, those of them changed since (`updated_at`);
 * `total`; `cursor`. An 'assets.changed' push carries the asset's `updated_at` as `version`.
 */
export const assetListChangesQuery = assetListQuery.extend({ updated_since: updatedSince });
export const assetListChangesResponse = assetListResponse.extend({
  ids: z.array(z.number().int()),
  cursor: z.string(),
});
export type AssetListChanges = z.infer<typeof assetListChangesResponse>;

/** One asset and whether the caller may change it. */
export const assetDetailResponse = z.object({ asset: assetSchema, pode_editar: z.boolean() });
export type AssetDetail = z.infer<typeof assetDetailResponse>;

// ---------------------------------------------------------------- XLSX import

/** Columns of the import template, in order; `*` marks the required ones. */
export const ASSET_IMPORT_COLUMNS = [
  'Tag*',
  'Tipo*',
  'Descrição',
  'Prédio',
  'Andar',
  'Sala',
  'Fabricante',
  'Modelo',
  'Nº de série',
  'Instalação',
  'Fim da garantia',
  'Situação',
  'Capacidade',
  'Unidade da capacidade',
  'Carga (kg)',
  'Agente extintor',
  'Potência (kVA)',
  'Volume (litros)',
] as const;

/** At most this many assets per spreadsheet (a hospital's 300 air conditioners fit). */
export const ASSET_IMPORT_MAX_ROWS = 2_000;

export const assetImportError = z.object({
  linha: z.number().int(),
  motivo: z.string(),
});
export type AssetImportError = z.infer<typeof assetImportError>;

export const assetImportResponse = z.object({ importados: z.number().int() });

/**
 * 400 of the import: with bad rows, `erros` holds each row's line and reason (nothing was
 * written); any other 400 (no file, no header) is the usual `{ error, code, reqId, field }`.
 */
export const assetImportRefusal = z.object({
  error: z.string(),
  code: z.string().optional(),
  reqId: z.string().optional(),
  field: z.string().optional(),
  erros: z.array(assetImportError).optional(),
});

/** POST /tatico/ativos/importacao?contract_id=: the contract the spreadsheet's assets go to. */
export const assetImportQuery = z.object({ contract_id: positiveId });
