import { z } from 'zod';
import { updatedSince } from './sync.ts';
import { pageSize, positiveId } from './common.ts';
import { fieldId, fieldOptionalText, personRef, fieldQuantity, fieldText } from './field-common.ts';
import { countOf, pluralForm, type WordForms } from './plural.ts';

/** Patrimony items are unique tools/equipment; consumables are counted stock. */
export const ITEM_NATURES = ['patrimonio', 'consumivel'] as const;
export type ItemNature = (typeof ITEM_NATURES)[number];
export const ITEM_NATURE_LABELS: Record<ItemNature, string> = {
  patrimonio: 'Patrimônio',
  consumivel: 'Consumível',
};

export const ITEM_STATES = ['novo', 'bom', 'regular', 'danificado', 'baixado'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  novo: 'Novo',
  bom: 'Bom',
  regular: 'Regular',
  danificado: 'Danificado',
  baixado: 'Baixado',
};

export const ITEM_UNITS = ['un', 'cx', 'pct', 'par', 'm', 'kg', 'l', 'rolo'] as const;
export type ItemUnit = (typeof ITEM_UNITS)[number];

/** Singular and plural of each unit; abbreviations stay as they are ("5 un", "2 kg"). */
const UNIT_FORMS: Partial<Record<ItemUnit, WordForms>> = {
  par: ['par', 'pares'],
  rolo: ['rolo', 'rolos'],
};

/** The unit word that agrees with n ("1 rolo", "5 rolos", "5 un"). */
export function unitFor(n: number, unit: string): string {
  const forms = UNIT_FORMS[unit as ItemUnit];
  return forms ? pluralForm(n, forms[0], forms[1]) : unit;
}

/** A stock quantity with its unit: "3 rolos", "1 par", "1.200 m". */
export function quantityOf(n: number, unit: string): string {
  const forms = UNIT_FORMS[unit as ItemUnit] ?? [unit, unit];
  return countOf(n, forms[0], forms[1]);
}

export const MOVEMENT_TYPES = ['entrada', 'saida', 'transferencia', 'baixa'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
  transferencia: 'Transferência',
  baixa: 'Baixa',
};

const codeField = fieldText('o código', 40)
  .transform((v) => v.toUpperCase())
  .refine(
    (v) => /^[A-Z0-9][A-Z0-9./-]*$/.test(v),
    'Código inválido: use letras, números, ".", "/" ou "-".',
  );

const minimumField = z
  .number({ error: 'Informe o estoque mínimo.' })
  .int('O estoque mínimo deve ser um número inteiro.')
  .min(0, 'O estoque mínimo não pode ser negativo.')
  .max(1_000_000, 'Estoque mínimo grande demais.');

/** Unit cost of a consumable in reais: R$ 0,00 to R$ 1.000.000,00, at most 2 decimals. */
const unitCostField = z
  .number({ error: 'Custo unitário inválido.' })
  .min(0, 'O custo unitário não pode ser negativo.')
  .max(1_000_000, 'Custo unitário grande demais: no máximo R$ 1.000.000,00.')
  .refine(
    (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    'Custo unitário: use no máximo 2 casas decimais.',
  );

const common = {
  codigo: codeField,
  nome: fieldText('o nome', 120, 2),
  categoria: fieldText('a categoria', 60),
  localizacao: fieldText('a localização', 120),
};

export const inventoryItemBody = z.discriminatedUnion(
  'natureza',
  [
    z.object({
      natureza: z.literal('patrimonio'),
      ...common,
      estado: z.enum(['novo', 'bom', 'regular', 'danificado'], { error: 'Estado inválido.' }),
      responsavel_id: fieldId('o responsável')
        .nullish()
        .transform((v) => v ?? null),
    }),
    z.object({
      natureza: z.literal('consumivel'),
      ...common,
      unidade: z.enum(ITEM_UNITS, { error: 'Unidade inválida.' }),
      quantidade_inicial: z
        .number({ error: 'Informe a quantidade inicial.' })
        .int('A quantidade deve ser um número inteiro.')
        .min(0, 'O estoque não pode ficar negativo.')
        .max(1_000_000, 'Quantidade grande demais.')
        .default(0),
      estoque_minimo: minimumField.default(0),
      custo_unitario: unitCostField.nullish().transform((v) => v ?? null),
    }),
  ],
  { error: 'Informe a natureza do item: patrimônio ou consumível.' },
);
export type InventoryItemBody = z.input<typeof inventoryItemBody>;

/** Descriptive fields only: quantity, place and holder change through movements. */
export const inventoryItemPatchBody = z.object({
  nome: common.nome.optional(),
  categoria: common.categoria.optional(),
  estado: z
    .enum(['novo', 'bom', 'regular', 'danificado'], { error: 'Estado inválido.' })
    .optional(),
  unidade: z.enum(ITEM_UNITS, { error: 'Unidade inválida.' }).optional(),
  estoque_minimo: minimumField.optional(),
  /** Consumables only; null clears it. OSs keep the cost they were given when used. */
  custo_unitario: unitCostField.nullable().optional(),
});
export type InventoryItemPatchBody = z.input<typeof inventoryItemPatchBody>;

export const inventoryItemSchema = z.object({
  id: z.number().int(),
  natureza: z.enum(ITEM_NATURES),
  codigo: z.string(),
  nome: z.string(),
  categoria: z.string(),
  localizacao: z.string(),
  estado: z.enum(ITEM_STATES).nullable(),
  responsavel: personRef.nullable(),
  unidade: z.string(),
  quantidade: z.number().int(),
  estoque_minimo: z.number().int(),
  /** Unit cost in reais (consumables); null when not informed. */
  custo_unitario: z.number().nullable(),
  abaixo_minimo: z.boolean(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryListQuery = z.object({
  natureza: z.enum(ITEM_NATURES).optional(),
  q: z.string().trim().max(80).optional(),
  abaixo_minimo: z.enum(['true', 'false']).optional(),
});
export const inventoryListResponse = z.object({ items: z.array(inventoryItemSchema) });

/**
 * GET /api/tatico/inventario/itens/changes?<the list's query>&updated_since=… — what changed in
 * the item list since a moment: `ids`, its items now in its order; `items`, those changed since
 * (`updated_at`: an edit or a movement, an OS's material included); `total`; `cursor`. An
 * 'inventory.changed' push carries that `version`.
 */
export const inventoryListChangesQuery = inventoryListQuery.extend({
  updated_since: updatedSince,
});
export const inventoryListChangesResponse = inventoryListResponse.extend({
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type InventoryListChanges = z.infer<typeof inventoryListChangesResponse>;

export const movementBody = z.object({
  tipo: z.enum(MOVEMENT_TYPES, { error: 'Tipo de movimentação inválido.' }),
  quantidade: fieldQuantity().optional(),
  destino_localizacao: fieldOptionalText('a localização de destino', 120),
  /** Transfer of a patrimony item: new holder; null clears it; absent keeps it. */
  responsavel_id: fieldId('o responsável').nullable().optional(),
  motivo: fieldOptionalText('o motivo', 500),
});
export type MovementBody = z.input<typeof movementBody>;

export const movementSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_codigo: z.string(),
  item_nome: z.string(),
  tipo: z.enum(MOVEMENT_TYPES),
  quantidade: z.number().int(),
  saldo_apos: z.number().int(),
  origem_localizacao: z.string().nullable(),
  destino_localizacao: z.string().nullable(),
  responsavel_anterior: personRef.nullable(),
  responsavel_novo: personRef.nullable(),
  motivo: z.string().nullable(),
  usuario: personRef.nullable(),
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementListResponse = z.object({
  items: z.array(movementSchema),
  /** `before` of the next page (older movements); null when this page is the last. */
  nextBefore: z.number().int().nullable(),
});
/**
 * GET /tatico/inventario/movimentacoes?before=<movement id>&limit=: newest first, keyset pages
 * in (created_at, id) order; `before` is the last movement shown (the previous `nextBefore`).
 */
export const movementListQuery = z.object({
  item_id: positiveId.optional(),
  before: positiveId.optional(),
  limit: pageSize(500, 100),
});

export const itemDetailResponse = z.object({
  item: inventoryItemSchema,
  movements: z.array(movementSchema),
});

// ---------------------------------------------------------------- stock rules

/** The part of an item a movement changes. */
export interface StockState {
  natureza: ItemNature;
  quantidade: number;
  localizacao: string;
  responsavel_id: number | null;
  estado: ItemState | null;
}

export interface MovementInput {
  tipo: MovementType;
  quantidade?: number;
  destino_localizacao?: string | null;
  responsavel_id?: number | null;
  motivo?: string | null;
}

export type MovementResult =
  { ok: true; next: StockState; quantidade: number } | { ok: false; error: string; field: string };

const fail = (error: string, field: string): MovementResult => ({ ok: false, error, field });

/**
 * Applies a movement to an item's stock, never letting it go negative. Patrimony items take
 * transfers (place/holder) and baixa; consumables take every type, and a transfer moves the
 * whole stock to another place.
 */
export function applyMovement(item: StockState, m: MovementInput): MovementResult {
  if (item.estado === 'baixado' || (item.natureza === 'patrimonio' && item.quantidade === 0)) {
    return fail('Item baixado não aceita movimentações.', 'tipo');
  }
  const destino = m.destino_localizacao?.trim() || null;
  if (m.tipo === 'transferencia') {
    const holderChanges =
      m.responsavel_id !== undefined && m.responsavel_id !== item.responsavel_id;
    const placeChanges = destino !== null && destino !== item.localizacao;
    if (
      item.natureza === 'consumivel' &&
      m.responsavel_id !== undefined &&
      m.responsavel_id !== null
    ) {
      return fail('Consumíveis não têm responsável; informe só o novo local.', 'responsavel_id');
    }
    if (!placeChanges && !holderChanges) {
      return fail(
        'Informe um novo local ou um novo responsável para a transferência.',
        'destino_localizacao',
      );
    }
    return {
      ok: true,
      quantidade: item.quantidade,
      next: {
        ...item,
        localizacao: destino ?? item.localizacao,
        responsavel_id: m.responsavel_id === undefined ? item.responsavel_id : m.responsavel_id,
      },
    };
  }
  if (item.natureza === 'patrimonio') {
    if (m.tipo !== 'baixa') {
      return fail('Itens de patrimônio só aceitam transferência ou baixa.', 'tipo');
    }
    if (!m.motivo?.trim()) return fail('Informe o motivo da baixa.', 'motivo');
    return {
      ok: true,
      quantidade: 1,
      next: { ...item, quantidade: 0, estado: 'baixado', responsavel_id: null },
    };
  }
  const q = m.quantidade;
  if (q === undefined || !Number.isInteger(q) || q <= 0) {
    return fail('Informe uma quantidade inteira maior que zero.', 'quantidade');
  }
  if (m.tipo === 'entrada') {
    return { ok: true, quantidade: q, next: { ...item, quantidade: item.quantidade + q } };
  }
  if (m.tipo === 'baixa' && !m.motivo?.trim()) return fail('Informe o motivo da baixa.', 'motivo');
  if (q > item.quantidade) {
    return fail(
      `Estoque insuficiente: disponível ${item.quantidade}, solicitado ${q}. O estoque não pode ficar negativo.`,
      'quantidade',
    );
  }
  return { ok: true, quantidade: q, next: { ...item, quantidade: item.quantidade - q } };
}

/** True when a counted item is below its minimum (a minimum of 0 never alerts). */
export function isBelowMinimum(quantidade: number, minimo: number): boolean {
  return minimo > 0 && quantidade < minimo;
}
