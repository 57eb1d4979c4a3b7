import { z } from 'zod';
import { positiveId } from './common.ts';
import { syncedListFields, updatedSince } from './sync.ts';
import { fieldId, fieldOptionalText, fieldText, personRef } from './field-common.ts';
import { REQUEST_STATUSES, REQUEST_TYPES, REQUEST_URGENCIES } from './requests-rules.ts';

export * from './requests-rules.ts';

// ---------------------------------------------------------------- schemas

export const requestBody = z
  .object({
    tipo: z.enum(REQUEST_TYPES, { error: 'Tipo inválido.' }),
    descricao: fieldText('a descrição', 2000, 5),
    urgencia: z.enum(REQUEST_URGENCIES, { error: 'Urgência inválida.' }).default('media'),
    contract_id: fieldId('o contrato')
      .nullish()
      .transform((v) => v ?? null),
    valor: z
      .number({ error: 'Valor inválido.' })
      .positive('O valor deve ser maior que zero.')
      .max(1_000_000, 'Valor grande demais.')
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Use no máximo 2 casas decimais.',
      )
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((b) => b.tipo !== 'reembolso' || b.valor !== null, {
    message: 'Informe o valor do reembolso.',
    path: ['valor'],
  });
export type RequestBody = z.input<typeof requestBody>;

/** One workflow step; refusing needs the reason in the comment (the requester reads it). */
export const transitionBody = z
  .object({
    status: z.enum(REQUEST_STATUSES, { error: 'Situação inválida.' }),
    comentario: fieldOptionalText('o comentário', 1000),
  })
  .refine((b) => b.status !== 'recusada' || b.comentario !== null, {
    message: 'Informe o motivo da recusa no comentário.',
    path: ['comentario'],
  });
export type TransitionBody = z.input<typeof transitionBody>;

export const requestSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(REQUEST_TYPES),
  descricao: z.string(),
  urgencia: z.enum(REQUEST_URGENCIES),
  contrato: z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() }).nullable(),
  valor: z.number().nullable(),
  status: z.enum(REQUEST_STATUSES),
  /** `id` null: reported without an account on an asset's public page (nome as typed there). */
  solicitante: z.object({ id: z.number().int().nullable(), nome: z.string() }),
  epi_entrega_id: z.number().int().nullable(),
  anexos: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Solicitacao = z.infer<typeof requestSchema>;

export const requestEventSchema = z.object({
  id: z.number().int(),
  de: z.enum(REQUEST_STATUSES).nullable(),
  para: z.enum(REQUEST_STATUSES),
  usuario: personRef.nullable(),
  comentario: z.string().nullable(),
  created_at: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const requestAttachmentSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  mime: z.string(),
  tamanho: z.number().int(),
  enviado_por: personRef.nullable(),
  created_at: z.string(),
});
export type RequestAttachment = z.infer<typeof requestAttachmentSchema>;

export const requestDetailResponse = z.object({
  solicitacao: requestSchema,
  eventos: z.array(requestEventSchema),
  anexos: z.array(requestAttachmentSchema),
  /** Steps the caller may take now (empty for the requester's own decisions). */
  acoes: z.array(z.enum(REQUEST_STATUSES)),
});
export type RequestDetail = z.infer<typeof requestDetailResponse>;

export const requestListQuery = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  tipo: z.enum(REQUEST_TYPES).optional(),
  urgencia: z.enum(REQUEST_URGENCIES).optional(),
  contract_id: positiveId.optional(),
  minhas: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  /**
   * Sync (sync.ts, issue 37): only the requests changed since, the `ids` the filters list now
   * and the counts. A 'requests.changed' push carries the request's `updated_at` as version.
   */
  updated_since: updatedSince.optional(),
});
export type RequestListQuery = z.output<typeof requestListQuery>;

export const requestListResponse = z.object({
  items: z.array(requestSchema),
  contagem: z.record(z.enum(REQUEST_STATUSES), z.number().int()),
  ...syncedListFields,
});
export type RequestList = z.infer<typeof requestListResponse>;

export const requestAttachmentParams = z.object({
  id: positiveId,
  attId: positiveId,
});

/** Most bytes of one attachment of a request. */
export const REQUEST_ATTACHMENT_MAX_MB = 10;
