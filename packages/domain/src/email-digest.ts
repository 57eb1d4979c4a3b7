import { z } from 'zod';
import { INT4_MAX } from './common.ts';

/**
 * The daily e-mail digest ("Resumo diário por e-mail", docs/integrations.md): opt-in per person
 * on /profile, sent at 07:00 company time with the day's agenda, overdue and due-today demands
 * and tasks and unread mentions; each e-mail carries a one-click unsubscribe link.
 */
export const EMAIL_DIGEST_UNSUBSCRIBE_PATH = '/api/public/resumo-diario';
/** Days an unsubscribe link keeps working after its e-mail was made. */
export const EMAIL_DIGEST_LINK_DAYS = 60;

/** GET/PUT /api/profile/resumo-diario: whether the signed-in person receives the digest. */
export const emailDigestStatus = z.object({ ativo: z.boolean() });
export type EmailDigestStatus = z.infer<typeof emailDigestStatus>;

export const emailDigestBody = z.object({
  ativo: z.boolean({ error: 'Informe se quer receber o resumo diário (verdadeiro ou falso).' }),
});
export type EmailDigestBody = z.input<typeof emailDigestBody>;

/** The unsubscribe link's path parameter, as the router hands it over (checked by the handler). */
export const emailDigestTokenParams = z.object({
  token: z.string().max(200, 'Link de descadastro inválido.'),
});

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * `<person id>.<expiry, Unix seconds>.<HMAC-SHA256, base64url>`; null when it is not that shape
 * or the id is out of range (the signature is checked by the server).
 */
export function parseDigestToken(
  token: string,
): { userId: number; expiresAt: number; signature: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expiresAt = Number(m[2]);
  if (userId > INT4_MAX) return null;
  return { userId, expiresAt, signature: m[3]! };
}

/** The unsubscribe URL of a token. */
export const emailDigestUnsubscribeUrl = (base: string, token: string) =>
  `${base.replace(/\/$/, '')}${EMAIL_DIGEST_UNSUBSCRIBE_PATH}/${token}`;
