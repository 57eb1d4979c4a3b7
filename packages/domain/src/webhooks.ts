import { z } from 'zod';
import { pageSize, pageNumber, positiveId } from './common.ts';
import { fieldText } from './field-common.ts';
import { WEBHOOK_EVENTS } from './webhook-events.ts';

export * from './webhook-events.ts';

/** Longest webhook URL kept. */
export const WEBHOOK_URL_MAX = 2000;
/** Webhooks a company may register. */
export const WEBHOOKS_MAX = 50;

const webhookUrl = fieldText('o endereço do webhook', WEBHOOK_URL_MAX).refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}, 'Informe um endereço que comece com https://.');

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Evento de webhook desconhecido.' }), {
    error: 'Escolha os eventos do webhook.',
  })
  .min(1, 'Escolha ao menos um evento.')
  .max(WEBHOOK_EVENTS.length, 'Eventos repetidos.')
  .refine((a) => new Set(a).size === a.length, 'Eventos repetidos.');

export const webhookCreateBody = z.object({
  url: webhookUrl,
  eventos: webhookEvents,
  ativo: z.boolean().default(true),
});

export const webhookUpdateBody = z.object({
  url: webhookUrl.optional(),
  eventos: webhookEvents.optional(),
  ativo: z.boolean().optional(),
});

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventos: z.array(z.enum(WEBHOOK_EVENTS)),
  ativo: z.boolean(),
  /** The secret's last characters, to tell which one a receiver has. */
  segredo_final: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deliveries not sent yet after their last attempt failed (retrying) or given up. */
  falhas: z.number().int(),
  ultima_entrega_em: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListResponse = z.object({ items: z.array(webhookSchema) });

/** The answer of a creation or rotation: the whole secret, shown this once. */
export const webhookSecretResponse = z.object({
  webhook: webhookSchema,
  segredo: z.string(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pendente', 'enviando', 'enviada', 'falhou'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pendente: 'Aguardando envio',
  enviando: 'Enviando',
  enviada: 'Enviada',
  falhou: 'Falhou',
};

export const webhookDeliverySchema = z.object({
  id: z.string(),
  evento: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  http_status: z.number().int().nullable(),
  tentativas: z.number().int(),
  ultimo_erro: z.string().nullable(),
  ocorrido_em: z.string(),
  ultima_tentativa_em: z.string().nullable(),
  /** When the queue tries again: a pending delivery's scheduled attempt, else null. */
  proxima_tentativa_em: z.string().nullable(),
  enviada_em: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuery = z.object({
  page: pageNumber,
  perPage: pageSize(100, 20),
});

export const webhookDeliveriesResponse = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
});

export const webhookDeliveryParams = z.object({
  id: positiveId,
  deliveryId: z.uuid('Identificador inválido.').max(36),
});
