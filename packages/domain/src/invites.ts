import { z } from 'zod';
import { userRoleTitle } from './admin-users.ts';
import { SIMPLE_EMAIL_RE } from './auth.ts';
import { positiveId } from './common.ts';

/** Invitations stay valid for this many days. */
export const INVITE_TTL_DAYS = 7;

export const INVITE_STATUSES = ['pendente', 'expirado', 'revogado', 'aceito'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_STATUS_LABELS: Record<InviteStatus, string> = {
  pendente: 'Pendente',
  expirado: 'Expirado',
  revogado: 'Revogado',
  aceito: 'Aceito',
};

/** Status of an invitation from its timestamps (revoked and used win over expiry). */
export function inviteStatus(
  v: { usedAt: Date | string | null; revokedAt: Date | string | null; expiresAt: Date | string },
  now: Date = new Date(),
): InviteStatus {
  if (v.usedAt) return 'aceito';
  if (v.revokedAt) return 'revogado';
  return new Date(v.expiresAt).getTime() <= now.getTime() ? 'expirado' : 'pendente';
}

export const createInviteBody = z.object({
  email: z
    .string({ error: 'Informe o e-mail.' })
    .trim()
    .min(1, 'Informe o e-mail.')
    .max(254, 'E-mail longo demais.')
    .regex(SIMPLE_EMAIL_RE, 'Informe um e-mail válido.')
    .transform((v) => v.toLowerCase()),
  nome: z.string().trim().max(120, 'Nome longo demais.').optional(),
  role: userRoleTitle,
  contractIds: z.array(positiveId).max(200).default([]),
});
export type CreateInviteBody = z.input<typeof createInviteBody>;

export const inviteListQuery = z.object({
  status: z.enum(['pendente', 'todos']).default('pendente'),
});

export const inviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nome: z.string().nullable(),
  role: z.string(),
  contractIds: z.array(z.number().int()),
  contracts: z.array(z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() })),
  status: z.enum(INVITE_STATUSES),
  invitedBy: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const inviteListResponse = z.object({ items: z.array(inviteSchema) });

/** One invitation e-mail kept in the outbox (shown to ti while SMTP is not configured). */
export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  link: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const inviteOutboxResponse = z.object({
  smtp: z.boolean(),
  items: z.array(outboxMail),
});
export type InviteOutbox = z.infer<typeof inviteOutboxResponse>;
