import { z } from 'zod';
import { employmentSchema } from './company.ts';
import { INT4_MAX, positiveId } from './common.ts';
import {
  addDaysTo,
  daysBetweenDates,
  fieldDate,
  fieldOptionalText,
  fieldQuantity,
  fieldText,
  formatDateBr,
  personRef,
} from './field-common.ts';
import { signaturePlace, signatureRecord, signatureStrokes } from './signature.ts';
import { syncedListFields } from './sync.ts';

/** CA (Certificado de Aprovação) warns this many days before it expires (NR-6). */
export const CA_WARN_DAYS = 30;
/** A delivered EPI is flagged for replacement this many days before its useful life ends. */
export const REPLACEMENT_WARN_DAYS = 15;
/** Largest signature image accepted (PNG drawn on a canvas). */
export const SIGNATURE_MAX_BYTES = 300_000;

export const DELIVERY_REASONS = ['admissao', 'substituicao', 'perda', 'dano'] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];
export const DELIVERY_REASON_LABELS: Record<DeliveryReason, string> = {
  admissao: 'Admissão',
  substituicao: 'Substituição',
  perda: 'Perda',
  dano: 'Dano',
};

export const DELIVERY_STATUSES = ['pendente', 'confirmada', 'devolvida'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pendente: 'Aguardando confirmação',
  confirmada: 'Recebimento confirmado',
  devolvida: 'Devolvida',
};

export const ACK_METHODS = ['assinatura', 'app'] as const;
export type AckMethod = (typeof ACK_METHODS)[number];
export const ACK_METHOD_LABELS: Record<AckMethod, string> = {
  assinatura: 'Assinatura na tela',
  app: 'Confirmação no aplicativo',
};

export const REPLACEMENT_REASONS = ['desgaste', 'perda', 'dano', 'tamanho', 'vencimento'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];
export const REPLACEMENT_REASON_LABELS: Record<ReplacementReason, string> = {
  desgaste: 'Desgaste pelo uso',
  perda: 'Perda',
  dano: 'Dano',
  tamanho: 'Tamanho inadequado',
  vencimento: 'Fim da vida útil',
};

// ---------------------------------------------------------------- pure rules

/** Stored sizes that mean "one size" ("Único", "unico", "U", "UN"). */
const ONE_SIZE = /^(u|un|único|unico)$/i;

/** A size as it reads inside a phrase: "único" (never "Único" mid-phrase), else as stored. */
export function epiSize(tamanho: string): string {
  const t = tamanho.trim();
  return ONE_SIZE.test(t) ? 'único' : t;
}

/** "tam. único", "tam. M", "tam. 42": the size after an item's name, as in "Capacete (tam. único)". */
export function epiSizeShort(tamanho: string): string {
  return `tam. ${epiSize(tamanho)}`;
}

export type CaState = 'vencido' | 'vencendo' | 'valido';

/** State of a CA on a date: vencido after its expiry, vencendo within 30 days. */
export function caState(caValidade: string, on: string): CaState {
  const left = daysBetweenDates(on, caValidade);
  if (left < 0) return 'vencido';
  if (left <= CA_WARN_DAYS) return 'vencendo';
  return 'valido';
}

/** Date an EPI delivered on `data` reaches the end of its useful life. */
export function replacementDate(data: string, vidaUtilDias: number): string {
  return addDaysTo(data, vidaUtilDias);
}

/** Replacement state of a delivery still with the employee, or null when not yet near. */
export function replacementState(dueDate: string, today: string): 'vencido' | 'proximo' | null {
  const left = daysBetweenDates(today, dueDate);
  if (left <= 0) return 'vencido';
  if (left <= REPLACEMENT_WARN_DAYS) return 'proximo';
  return null;
}

/**
 * Why a delivery may not happen (NR-6: never hand over an EPI with an expired CA, never more
 * than the stock), or null when it may.
 */
export function deliveryRefusal(
  item: { nome: string; ca_numero: string; ca_validade: string; estoque: number; ativo: boolean },
  quantidade: number,
  data: string,
): { error: string; field: string } | null {
  if (!item.ativo)
    return { error: `O EPI ${item.nome} está inativo no catálogo.`, field: 'item_id' };
  if (caState(item.ca_validade, data) === 'vencido') {
    return {
      error: `Entrega não permitida: o CA ${item.ca_numero} de ${item.nome} venceu em ${formatDateBr(item.ca_validade)}.`,
      field: 'item_id',
    };
  }
  if (quantidade > item.estoque) {
    return {
      error: `Estoque insuficiente de ${item.nome}: disponível ${item.estoque}, solicitado ${quantidade}.`,
      field: 'quantidade',
    };
  }
  return null;
}

/** Decodes a "data:image/png;base64,..." signature, or null when it is not a real PNG. */
export function decodeSignaturePng(dataUrl: string): Uint8Array | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m?.[1]) return null;
  let bin: string;
  try {
    bin = atob(m[1]);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 64 || magic.some((b, i) => bytes[i] !== b)) return null;
  return bytes;
}

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
  motivo: fieldText('o motivo da devolução', 300),
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
});
export type EpiDelivery = z.infer<typeof deliverySchema>;
export const deliveryListResponse = z.object({
  items: z.array(deliverySchema),
  ...syncedListFields,
});
export const deliveryListQuery = z.object({
  colaborador_id: positiveId.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});

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
  descricao: fieldOptionalText('a descrição', 1000),
});
export type ReplacementRequestBody = z.input<typeof replacementRequestBody>;

/** Ficha route parameter. */
export const sheetParams = z.object({ userId: positiveId });
