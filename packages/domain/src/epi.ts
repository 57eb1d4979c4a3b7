import { z } from 'zod';
import { employmentSchema } from './company.ts';
import { INT4_MAX, positiveId } from './common.ts';
import {
  fieldDate,
  fieldOptionalText,
  fieldQuantity,
  fieldText,
  personRef,
} from './field-common.ts';
import { signaturePlace, signatureRecord, signatureStrokes } from './signature.ts';
import { syncedListFields, updatedSince } from './sync.ts';
import {
  ACK_METHODS,
  decodeSignaturePng,
  DELIVERY_REASONS,
  DELIVERY_RETURN_REASON_MAX,
  DELIVERY_STATUSES,
  REPLACEMENT_DETAILS_MAX,
  REPLACEMENT_REASONS,
  SIGNATURE_MAX_BYTES,
} from './epi-rules.ts';

export * from './epi-rules.ts';

// ---------------------------------------------------------------- catalogue

const caNumber = z
  .string({ error: 'Informe o número do CA.' })
  .max(20, 'Número do CA inválido: use só dígitos (até 7).')
  .trim()
  .regex(/^\d{1,7}$/, 'Número do CA inválido: use só dígitos (até 7).');

const nonNegative = (label: string) =>
  z
    .number({ error: `Informe ${label}.` })
    .int(`${label}: use um número inteiro.`)
    .min(0, 'O estoque não pode ficar negativo.')
    .max(1_000_000, `${label}: valor grande demais.`);

export const epiItemBody = z.object({
  nome: fieldText('o nome do EPI', 120, 2),
  descricao: fieldOptionalText('a descrição', 500),
  ca_numero: caNumber,
  ca_validade: fieldDate('a validade do CA'),
  tamanho: fieldText('o tamanho', 20),
  vida_util_dias: z
    .number({ error: 'Informe a vida útil em dias.' })
    .int('A vida útil deve ser um número inteiro de dias.')
    .min(1, 'A vida útil deve ser de pelo menos 1 dia.')
    .max(3650, 'A vida útil deve ser de no máximo 3.650 dias.'),
  estoque_inicial: nonNegative('o estoque inicial').default(0),
  estoque_minimo: nonNegative('o estoque mínimo').default(0),
  /** Unit cost in reais (contract cost); deliveries keep the cost of their day. */
  custo_unitario: z
    .number({ error: 'Custo unitário inválido.' })
    .min(0, 'O custo unitário não pode ser negativo.')
    .max(1_000_000, 'Custo unitário grande demais: no máximo R$ 1.000.000,00.')
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Custo unitário: use no máximo 2 casas decimais.',
    )
    .nullish(),
});
export type EpiItemBody = z.input<typeof epiItemBody>;

export const epiItemPatchBody = epiItemBody
  .omit({ estoque_inicial: true })
  .partial()
  .extend({ ativo: z.boolean().optional() });
export type EpiItemPatchBody = z.input<typeof epiItemPatchBody>;

export const epiStockEntryBody = z.object({
  quantidade: fieldQuantity(),
  observacao: fieldOptionalText('a observação', 300),
});

export const epiItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ca_numero: z.string(),
  ca_validade: z.string(),
  ca_situacao: z.enum(['vencido', 'vencendo', 'valido']),
  tamanho: z.string(),
  vida_util_dias: z.number().int(),
  estoque: z.number().int(),
  estoque_minimo: z.number().int(),
  abaixo_minimo: z.boolean(),
  custo_unitario: z.number().nullable(),
  ativo: z.boolean(),
});
export type EpiItem = z.infer<typeof epiItemSchema>;
export const epiItemListResponse = z.object({ items: z.array(epiItemSchema) });

// ---------------------------------------------------------------- deliveries

/** A drawn signature as a PNG data URL (EPI deliveries, OS customer signature). */
export const signatureImageField = z
  .string()
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 30, 'Assinatura grande demais.')
  .refine(
    (v) => decodeSignaturePng(v) !== null,
    'Assinatura inválida: envie a imagem PNG desenhada na tela.',
  );

export const deliveryBody = z.object({
  colaborador_id: z
    .number({ error: 'Informe o colaborador.' })
    .int()
    .positive('Informe o colaborador.')
    .max(INT4_MAX, 'Colaborador inválido.'),
  item_id: z
    .number({ error: 'Informe o EPI.' })
    .int()
    .positive('Informe o EPI.')
    .max(INT4_MAX, 'EPI inválido.'),
  data: fieldDate('a data da entrega'),
  quantidade: fieldQuantity('a quantidade', 100),
  motivo: z.enum(DELIVERY_REASONS, {
    error: 'Motivo inválido: admissão, substituição, perda ou dano.',
  }),
  observacao: fieldOptionalText('a observação', 500),
  /** Signature drawn on the gestor's screen by the employee (PNG data URL), optional. */
  assinatura: signatureImageField.nullish(),
  /** The strokes of that signature: required with it, too little ink is refused. */
  assinatura_tracos: signatureStrokes.nullish(),
  /** Where it was signed, when the browser allowed it. */
  assinatura_local: signaturePlace.nullish(),
});
export type DeliveryBody = z.input<typeof deliveryBody>;

export const signatureBody = z.object({
  assinatura: signatureImageField,
  assinatura_tracos: signatureStrokes,
  assinatura_local: signaturePlace.nullish(),
});

export const deliveryReturnBody = z.object({
  data: fieldDate('a data da devolução'),
  motivo: fieldText('o motivo da devolução', DELIVERY_RETURN_REASON_MAX),
  retorna_estoque: z.boolean().default(false),
});
export type DeliveryReturnBody = z.input<typeof deliveryReturnBody>;

export const deliverySchema = z.object({
  id: z.number().int(),
  colaborador: personRef,
  item: z.object({
    id: z.number().int(),
    nome: z.string(),
    ca_numero: z.string(),
    ca_validade: z.string(),
    tamanho: z.string(),
  }),
  data: z.string(),
  quantidade: z.number().int(),
  motivo: z.enum(DELIVERY_REASONS),
  observacao: z.string().nullable(),
  entregue_por: personRef.nullable(),
  status: z.enum(DELIVERY_STATUSES),
  confirmacao: z.enum(ACK_METHODS).nullable(),
  confirmado_em: z.string().nullable(),
  tem_assinatura: z.boolean(),
  /** When, on which device and where the signature was drawn (null without one). */
  assinatura_registro: signatureRecord.nullable(),
  troca_prevista: z.string(),
  troca_situacao: z.enum(['vencido', 'proximo']).nullable(),
  devolucao_data: z.string().nullable(),
  devolucao_motivo: z.string().nullable(),
  substituicao_solicitada: z.boolean(),
  created_at: z.string(),
  /**
   * The row's version: the newest `updated_at` of the delivery, its item and its replacement
   * requests. An 'epi.changed' carries it (EpiChangeData); a list holding it asks nothing.
   */
  updated_at: z.string(),
});
export type EpiDelivery = z.infer<typeof deliverySchema>;
export const deliveryListResponse = z.object({
  items: z.array(deliverySchema),
  ...syncedListFields,
});
export const deliveryListQuery = z.object({
  colaborador_id: positiveId.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** Sync (sync.ts): only the deliveries changed since, plus the `ids` the filters list now. */
  updated_since: updatedSince.optional(),
});

/**
 * `data` of an 'epi.changed' push (realtime.ts). `kind` 'delivery': `id` is the delivery and
 * `version` its `updated_at` (EpiDelivery), sent to its colaborador and to who manages EPIs;
 * `stock` when its item's stock moved. `kind` 'item': `id` is the catalogue item and `version`
 * its `updated_at`, sent to who manages EPIs and, when its name, CA or size may have changed
 * (`holders`), to everyone who received it.
 */
export interface EpiChangeData {
  kind: 'delivery' | 'item';
  item_id: number;
  colaborador_id?: number;
  stock?: boolean;
  holders?: boolean;
  /** A replacement request was opened for the delivery (the person's requests list moved). */
  replacement?: boolean;
}

/** NR-6 item 6.7.1 duties the employee acknowledges at the end of the ficha. */
export const EPI_DECLARATION =
  'Declaro que recebi gratuitamente da empresa os Equipamentos de Proteção Individual ' +
  'relacionados nesta ficha, em perfeito estado, e que recebi treinamento e orientação sobre ' +
  'o seu uso correto, guarda e conservação. Comprometo-me a usá-los apenas para a finalidade a ' +
  'que se destinam, a responsabilizar-me por sua guarda e conservação, a comunicar ao ' +
  'empregador qualquer alteração que os torne impróprios para uso e a cumprir as determinações ' +
  'sobre o uso adequado (NR-6, item 6.7.1). Estou ciente de que a recusa injustificada em usá-los ' +
  'constitui ato faltoso (CLT, art. 158).';

/** The "ficha de EPI" of one employee: every delivery, returned ones included. */
export const epiSheetResponse = z.object({
  /** The employer (company settings); null until ti/diretoria fill it in. */
  empresa: z.object({ nome: z.string(), cnpj: z.string() }).nullable(),
  colaborador: z
    .object({
      id: z.number().int(),
      nome: z.string(),
      email: z.string(),
      cargo: z.string(),
    })
    .extend(employmentSchema.shape),
  entregas: z.array(deliverySchema),
  gerado_em: z.string(),
  /** Sync by `updated_since` (sync.ts): then `entregas` holds only the deliveries changed. */
  ...syncedListFields,
});
export type EpiSheet = z.infer<typeof epiSheetResponse>;

export const replacementRequestBody = z.object({
  motivo: z.enum(REPLACEMENT_REASONS, { error: 'Informe o motivo da troca.' }),
  descricao: fieldOptionalText('a descrição', REPLACEMENT_DETAILS_MAX),
});
export type ReplacementRequestBody = z.input<typeof replacementRequestBody>;

/** Ficha route parameter. */
export const sheetParams = z.object({ userId: positiveId });
