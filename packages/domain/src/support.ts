import { z } from 'zod';
import { pageNumber, pageSize, positiveId } from './common.ts';
import { ADMIN_MAX_PAGE_SIZE } from './admin-users.ts';
import { updatedSince } from './sync.ts';
import { PRIORITIES } from './stages.ts';

export const TICKET_STATUSES = ['aberto', 'em_atendimento', 'resolvido'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  aberto: 'Aberto',
  em_atendimento: 'Em atendimento',
  resolvido: 'Resolvido',
};

export const TICKET_CATEGORIES = ['acesso', 'equipamento', 'sistema', 'rede', 'outro'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  acesso: 'Acesso e senha',
  equipamento: 'Equipamento',
  sistema: 'Sistema E-Proto',
  rede: 'Rede e internet',
  outro: 'Outro',
};

const NEXT: Record<TicketStatus, readonly TicketStatus[]> = {
  aberto: ['em_atendimento', 'resolvido'],
  em_atendimento: ['resolvido', 'aberto'],
  resolvido: ['em_atendimento'],
};

/** Status changes ti may make: forward along aberto → em atendimento → resolvido, or reopen. */
export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return NEXT[from].includes(to);
}

/** Largest attachment of a ticket, in megabytes. */
export const TICKET_ATTACHMENT_MAX_MB = 10;

/** What may be attached (the server checks the type by content). */
export const TICKET_ATTACHMENT_HINT =
  'Imagens, vídeos, PDF, textos, documentos do Office ou ZIP, até 10 MB cada.';

export const ticketListQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  search: z.string().trim().max(120).optional(),
  page: pageNumber,
  perPage: pageSize(ADMIN_MAX_PAGE_SIZE, 20),
});
export type TicketListQuery = Partial<z.infer<typeof ticketListQuery>>;

export const createTicketBody = z.object({
  assunto: z
    .string({ error: 'Informe o assunto.' })
    .trim()
    .min(3, 'Informe o assunto (pelo menos 3 caracteres).')
    .max(150, 'Assunto longo demais.'),
  descricao: z
    .string({ error: 'Descreva o problema.' })
    .trim()
    .min(5, 'Descreva o problema (pelo menos 5 caracteres).')
    .max(5000, 'Descrição longa demais.'),
  categoria: z.enum(TICKET_CATEGORIES, { error: 'Escolha a categoria.' }),
  prioridade: z.enum(PRIORITIES, { error: 'Escolha a prioridade.' }),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

export const ticketCommentBody = z.object({
  texto: z
    .string({ error: 'Escreva o comentário.' })
    .trim()
    .min(1, 'Escreva o comentário.')
    .max(5000, 'Comentário longo demais.'),
});

export const ticketStatusBody = z.object({ status: z.enum(TICKET_STATUSES) });

export const ticketParams = z.object({ id: positiveId });
export const ticketAttachmentParams = ticketParams.extend({
  attId: positiveId,
});

const person = z.object({ id: z.number().int(), nome: z.string(), avatar: z.string().nullable() });

export const ticketSummary = z.object({
  id: z.number().int(),
  assunto: z.string(),
  categoria: z.enum(TICKET_CATEGORIES),
  prioridade: z.enum(PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  openedBy: person,
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketListResponse = z.object({
  items: z.array(ticketSummary),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type TicketList = z.infer<typeof ticketListResponse>;

/**
 * GET /api/support/tickets/changes?<the page's query>&updated_since=… — what changed on one
 * page of the tickets since a moment (issue 37; the same scope as the list: ti every ticket,
 * everyone else their own): `ids`, the page's tickets now in its order; `items`, those of them
 * changed since; `total`; `cursor`. A 'support.changed' push carries the ticket's `updatedAt`
 * as `version`.
 */
export const ticketListChangesQuery = ticketListQuery.extend({ updated_since: updatedSince });
export const ticketListChangesResponse = z.object({
  items: z.array(ticketSummary),
  ids: z.array(z.number().int()),
  total: z.number().int(),
  cursor: z.string(),
});
export type TicketListChanges = z.infer<typeof ticketListChangesResponse>;

export const ticketEvent = z.object({
  id: z.number().int(),
  kind: z.enum(['comment', 'status']),
  texto: z.string().nullable(),
  status: z.enum(TICKET_STATUSES).nullable(),
  author: person.nullable(),
  createdAt: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEvent>;

export const ticketAttachment = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: person.nullable(),
  createdAt: z.string(),
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketDetail = ticketSummary.extend({
  descricao: z.string(),
  resolvedAt: z.string().nullable(),
  events: z.array(ticketEvent),
  attachments: z.array(ticketAttachment),
});
export type TicketDetail = z.infer<typeof ticketDetail>;
