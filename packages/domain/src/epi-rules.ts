// EPI constants, labels and pure rules, with no zod: Meus EPIs shows them on a phone without
// downloading the schemas (epi.ts re-exports them; as agenda-rules.ts).
import { addDaysTo, daysBetweenDates, formatDateBr } from './plain-dates.ts';

/** CA (Certificado de Aprovação) warns this many days before it expires (NR-6). */
export const CA_WARN_DAYS = 30;
/** A delivered EPI is flagged for replacement this many days before its useful life ends. */
export const REPLACEMENT_WARN_DAYS = 15;
/** Largest signature image accepted (PNG drawn on a canvas). */
export const SIGNATURE_MAX_BYTES = 300_000;
/** Longest reason of a returned delivery (`deliveryReturnBody.motivo`; the form's maxLength). */
export const DELIVERY_RETURN_REASON_MAX = 300;
/** Longest details of a replacement request (`replacementRequestBody.descricao`). */
export const REPLACEMENT_DETAILS_MAX = 1000;

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
