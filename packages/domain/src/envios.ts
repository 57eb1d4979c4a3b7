import { z } from 'zod';
import { pageSize } from './common.ts';

/** Where a delivery stands: waiting or being sent, sent, or failed after its last attempt. */
export const ENVIO_STATES = ['na_fila', 'enviado', 'falhou'] as const;
export type EnvioState = (typeof ENVIO_STATES)[number];

/** Portuguese label of each delivery state (the ti screen). */
export const ENVIO_STATE_LABELS: Record<EnvioState, string> = {
  na_fila: 'Na fila',
  enviado: 'Enviado',
  falhou: 'Falhou',
};

export const ENVIO_KINDS = ['email', 'push'] as const;
export type EnvioKind = (typeof ENVIO_KINDS)[number];

/** Deliveries per page of GET /api/deliveries, and the most one page may ask. */
export const ENVIO_PAGE_SIZE = 50;
export const ENVIO_MAX_PAGE_SIZE = 100;

/**
 * GET /api/deliveries?before=<job id>&limit=: the e-mails and pushes of the job queue, newest
 * first, in keyset pages over (created_on, id) (ti). `before` is the previous page's `nextBefore`.
 */
export const envioListQuery = z.object({
  estado: z.enum(ENVIO_STATES).optional(),
  tipo: z.enum(ENVIO_KINDS).optional(),
  before: z.uuid('Envio inválido.').max(36).optional(),
  limit: pageSize(ENVIO_MAX_PAGE_SIZE, ENVIO_PAGE_SIZE),
});
export type EnvioListQuery = Partial<z.infer<typeof envioListQuery>>;
/** The filters of the list (what stays while "Carregar mais" walks the pages). */
export type EnvioFilterQuery = Omit<EnvioListQuery, 'before' | 'limit'>;

export const envioSchema = z.object({
  /** The job's id (UUID). */
  id: z.string(),
  tipo: z.enum(ENVIO_KINDS),
  estado: z.enum(ENVIO_STATES),
  /** E-mail address, or the person (and device) a push goes to. */
  destino: z.string(),
  /** E-mail subject or push title. */
  assunto: z.string(),
  tentativas: z.number().int(),
  erro: z.string().nullable(),
  criado_em: z.string(),
  atualizado_em: z.string().nullable(),
});
export type Envio = z.infer<typeof envioSchema>;

export const envioListResponse = z.object({
  items: z.array(envioSchema),
  /** `before` of the next page; null when this page is the last. */
  nextBefore: z.string().nullable(),
});
export type EnvioList = z.infer<typeof envioListResponse>;

export const envioIdParams = z.object({ id: z.uuid().max(36) });
