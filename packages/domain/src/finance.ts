import { z } from 'zod';
import { pagedQuery } from './common.ts';
import { FINANCE_STATUSES, muralSummarySchema, type FinanceStatus } from './murals.ts';
import { updatedSince } from './sync.ts';

/**
 * Finance hand-off of demands (SPEC.md §7 "Finance"): a demand is sent to finance (enviado),
 * finance/CFO open it (visualizado) and conclude it (concluido); each step keeps who and when.
 */
export const FINANCE_STATUS_LABELS: Record<FinanceStatus, string> = {
  enviado: 'Enviado',
  visualizado: 'Visualizado',
  concluido: 'Concluído',
};

const financeStatus = z.enum(FINANCE_STATUSES, { error: 'Situação financeira inválida.' });

/** Splits "a,b" (or repeated params) into a trimmed list without blanks. */
function splitCsv(v: unknown): unknown {
  const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : v;
  return Array.isArray(parts) ? parts.map((s: string) => s.trim()).filter(Boolean) : parts;
}

/**
 * GET /api/eproto/financeiro/murals — finance/CFO only. `status` filters by state (comma list);
 * newest sent first; total in `x-total-count`.
 */
export const financeListQuery = pagedQuery.extend({
  status: z
    .preprocess(splitCsv, z.array(financeStatus).max(3, 'No máximo 3 situações.'))
    .optional(),
  q: z.string().trim().max(100, 'Busca longa demais.').optional(),
});
export type FinanceListQuery = z.input<typeof financeListQuery>;

/** What the caller may do with a demand's finance hand-off. */
export const financePermissionsSchema = z.object({
  /** Send (or send again after concluded): gestores and the demand's responsável. */
  send: z.boolean(),
  /** Mark viewed and done: finance and CFO only. */
  act: z.boolean(),
});
export type FinancePermissions = z.infer<typeof financePermissionsSchema>;

/** A demand with its finance trail (finance_status null when never sent). */
export const financeItemSchema = muralSummarySchema.extend({
  descricao: z.string().nullable(),
  finance_sent_at: z.string().nullable(),
  finance_sent_by: z.number().int().nullable(),
  finance_sent_by_nome: z.string().nullable(),
  finance_viewed_at: z.string().nullable(),
  finance_viewed_by: z.number().int().nullable(),
  finance_viewed_by_nome: z.string().nullable(),
  finance_done_at: z.string().nullable(),
  finance_done_by: z.number().int().nullable(),
  finance_done_by_nome: z.string().nullable(),
  /** Note written by whoever sent it (latest send). */
  finance_observacao: z.string().nullable(),
  finance_permissions: financePermissionsSchema,
});
export type FinanceItem = z.infer<typeof financeItemSchema>;
export const financeListResponse = z.array(financeItemSchema);

/** The fields of "Enviar ao financeiro": an optional note for finance. */
export const financeSendFields = z.object({
  observacao: z.string().trim().max(1000, 'Observação com no máximo 1000 caracteres.').optional(),
});

/** POST /api/eproto/financeiro/murals/{id}/send — optional note for finance (no body at all too). */
export const financeSendBody = financeSendFields.nullish();
export type FinanceSendBody = z.input<typeof financeSendBody>;

/** One counter of GET /api/eproto/financeiro/contador (every state, zero included). */
export const financeCounterSchema = z.object({
  status: financeStatus,
  label: z.string(),
  total: z.number().int(),
});
export type FinanceCounter = z.infer<typeof financeCounterSchema>;
export const financeCounterResponse = z.array(financeCounterSchema);

/**
 * GET /api/eproto/financeiro/murals/changes?<the page's query>&updated_since=… — what changed
 * on one page of the finance list since a moment (finance/CFO only, like the list): `ids`, the
 * page's demands now in its order; `items`, those of them changed since (`updated_at` or last
 * activity); `total`; `cursor`; and the counters per state, so a tab patches both with one
 * request. A 'finance.changed' push carries the demand's `updated_at` as `version`.
 */
export const financeListChangesQuery = financeListQuery.extend({ updated_since: updatedSince });
export const financeListChangesResponse = z.object({
  items: z.array(financeItemSchema),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
  counters: financeCounterResponse,
});
export type FinanceListChanges = z.infer<typeof financeListChangesResponse>;
