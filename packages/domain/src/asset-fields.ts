import { z } from 'zod';
import { fieldOptionalText, fieldText, hasNul } from './field-common.ts';

// The catalogue's own fields per asset type (issue 34, point 1): besides the category's typed
// fields (capacity, charge, kVA, litres), gestão gives each type its default fields — name,
// unit and kind (number, text or a list of options) — and the asset form asks for them.
// Values live in `assets.campos`, keyed by the field's `chave` (c1, c2, ...), which the server
// gives and never reuses, so a renamed field keeps its values. docs/assets.md.

export const ASSET_FIELD_KINDS = ['numero', 'texto', 'opcao'] as const;
export type AssetFieldKind = (typeof ASSET_FIELD_KINDS)[number];
export const ASSET_FIELD_KIND_LABELS: Record<AssetFieldKind, string> = {
  numero: 'Número',
  texto: 'Texto',
  opcao: 'Lista de opções',
};

/** At most this many own fields per type, options per field, characters per text value. */
export const ASSET_TYPE_MAX_FIELDS = 20;
export const ASSET_FIELD_MAX_OPTIONS = 30;
export const ASSET_FIELD_TEXT_MAX = 200;
/** Numbers a field accepts (a reading of a plate, never an amount of money). */
export const ASSET_FIELD_NUMBER_LIMIT = 1_000_000_000;
const NUMBER_LIMIT = ASSET_FIELD_NUMBER_LIMIT;

const KEY = /^c[1-9]\d{0,3}$/;

/** One field of a type as stored and answered. */
export const assetTypeFieldSchema = z.object({
  chave: z.string(),
  nome: z.string(),
  unidade: z.string().nullable(),
  tipo: z.enum(ASSET_FIELD_KINDS),
  opcoes: z.array(z.string()),
});
export type AssetTypeField = z.infer<typeof assetTypeFieldSchema>;

const lower = (s: string) => s.toLocaleLowerCase('pt-BR');

/** One field as gestão sends it; `chave` names an existing field, absent for a new one. */
export const assetTypeFieldBody = z
  .object({
    chave: z
      .string()
      .max(5, 'Campo do tipo inválido.')
      .regex(KEY, 'Campo do tipo inválido.')
      .optional(),
    nome: fieldText('o nome do campo', 60),
    unidade: fieldOptionalText('a unidade', 20),
    tipo: z.enum(ASSET_FIELD_KINDS, { error: 'Tipo do campo: use número, texto ou opções.' }),
    opcoes: z
      .array(fieldText('a opção', 60), { error: 'Opções inválidas.' })
      .max(ASSET_FIELD_MAX_OPTIONS, `No máximo ${ASSET_FIELD_MAX_OPTIONS} opções por campo.`)
      .default([]),
  })
  .superRefine((f, ctx) => {
    if (f.tipo === 'opcao' && f.opcoes.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['opcoes'],
        message: `O campo ${f.nome} é uma lista: informe pelo menos 2 opções.`,
      });
    }
    if (f.tipo !== 'opcao' && f.opcoes.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['opcoes'],
        message: `Só campos do tipo lista têm opções (${f.nome}).`,
      });
    }
    const seen = new Set<string>();
    for (const o of f.opcoes) {
      if (seen.has(lower(o))) {
        ctx.addIssue({
          code: 'custom',
          path: ['opcoes'],
          message: `A opção ${o} aparece duas vezes no campo ${f.nome}.`,
        });
        return;
      }
      seen.add(lower(o));
    }
  });
export type AssetTypeFieldBody = z.input<typeof assetTypeFieldBody>;

/** The list of a type's own fields: names unique (case ignored), keys not repeated. */
export const assetTypeFieldsBody = z
  .array(assetTypeFieldBody, { error: 'Campos do tipo inválidos.' })
  .max(ASSET_TYPE_MAX_FIELDS, `No máximo ${ASSET_TYPE_MAX_FIELDS} campos por tipo.`)
  .superRefine((list, ctx) => {
    const names = new Set<string>();
    const keys = new Set<string>();
    for (const f of list) {
      if (names.has(lower(f.nome))) {
        ctx.addIssue({ code: 'custom', message: `Há dois campos chamados ${f.nome}.` });
        return;
      }
      names.add(lower(f.nome));
      if (f.chave && keys.has(f.chave)) {
        ctx.addIssue({ code: 'custom', message: 'Campo do tipo repetido.' });
        return;
      }
      if (f.chave) keys.add(f.chave);
    }
  });

/**
 * The fields to store: existing keys kept, new fields keyed after the highest key the type
 * ever had (`lastKey`), so a removed field's key is never given to another one.
 */
export function keyTypeFields(
  fields: z.output<typeof assetTypeFieldsBody>,
  lastKey: number,
): { fields: AssetTypeField[]; lastKey: number } {
  let last = lastKey;
  const out = fields.map((f) => {
    const chave = f.chave ?? `c${++last}`;
    return { chave, nome: f.nome, unidade: f.unidade, tipo: f.tipo, opcoes: f.opcoes };
  });
  return { fields: out, lastKey: last };
}

/** Values of an asset's own fields, by key: a number or a text (text and options). */
export const assetFieldValues = z
  .record(
    z.string().regex(KEY, 'Campo do ativo inválido.'),
    z.union([
      z.number().min(-NUMBER_LIMIT).max(NUMBER_LIMIT),
      z
        .string()
        .max(ASSET_FIELD_TEXT_MAX, `Valor com no máximo ${ASSET_FIELD_TEXT_MAX} caracteres.`)
        .refine((v) => !hasNul(v), 'Valor com caracteres inválidos.'),
      z.null(),
    ]),
    { error: 'Campos do ativo inválidos.' },
  )
  .refine((r) => Object.keys(r).length <= ASSET_TYPE_MAX_FIELDS, 'Campos demais para um ativo.');
export type AssetFieldValues = Record<string, number | string>;

// eslint-disable-next-line no-control-regex -- control characters are refused in values
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * The values of an asset of a type with `fields`, without empty ones, or the reason they are
 * refused ("Capacidade do motor: informe um número.", "Tensão: escolha uma das opções.").
 */
export function checkAssetFields(
  fields: AssetTypeField[],
  values: Record<string, number | string | null>,
  typeName: string,
): { ok: true; values: AssetFieldValues } | { ok: false; error: string } {
  const byKey = new Map(fields.map((f) => [f.chave, f] as const));
  const clean: AssetFieldValues = {};
  for (const [k, raw] of Object.entries(values)) {
    const v = typeof raw === 'string' ? raw.trim() : raw;
    if (v === null || v === '') continue;
    const f = byKey.get(k);
    if (!f) return { ok: false, error: `O tipo ${typeName} não tem este campo (${k}).` };
    if (f.tipo === 'numero') {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        return { ok: false, error: `${f.nome}: informe um número.` };
      }
    } else if (typeof v !== 'string') {
      return { ok: false, error: `${f.nome}: informe um texto.` };
    } else if (CONTROL.test(v)) {
      return { ok: false, error: `${f.nome}: contém caracteres inválidos.` };
    } else if (f.tipo === 'opcao' && !f.opcoes.includes(v)) {
      return { ok: false, error: `${f.nome}: escolha uma das opções (${f.opcoes.join(', ')}).` };
    }
    clean[k] = v;
  }
  return { ok: true, values: clean };
}

/** "Vazão: 12,5 m³/h · Tensão: 380 V": an asset's own fields in one line, in the type's order. */
export function assetFieldsSummary(fields: AssetTypeField[], values: AssetFieldValues): string {
  return fields
    .filter((f) => values[f.chave] !== undefined)
    .map((f) => `${f.nome}: ${formatFieldValue(f, values[f.chave]!)}`)
    .join(' · ');
}

/** A value with its unit, numbers in Brazilian form ("12,5 m³/h"). */
export function formatFieldValue(f: AssetTypeField, v: number | string): string {
  const shown = typeof v === 'number' ? v.toLocaleString('pt-BR') : v;
  return f.unidade ? `${shown} ${f.unidade}` : shown;
}
