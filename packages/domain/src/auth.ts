import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, SIMPLE_EMAIL_RE } from './http.ts';

export { PASSWORD_MAX, PASSWORD_MIN, SIMPLE_EMAIL_RE } from './http.ts';

const email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .min(1, 'Informe o e-mail.')
  .max(254, 'E-mail longo demais.')
  .regex(SIMPLE_EMAIL_RE, 'Informe um e-mail válido.')
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

export const loginBody = z.object({
  email: z
    .string({ error: 'Informe o e-mail.' })
    .trim()
    .min(1, 'Informe o e-mail.')
    .max(254, 'E-mail longo demais.')
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .max(PASSWORD_MAX, 'Senha longa demais.'),
});
export type LoginBody = z.input<typeof loginBody>;

export const currentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  nome: z.string(),
  type: z.string(),
  rawType: z.string(),
  avatar: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginResponse = z.object({ user: currentUser });

export const passwordResetRequestBody = z.object({ email });

/** A token from a link: a malformed one reads like an unknown or expired one. */
const linkToken = (message: string) =>
  z.string({ error: message }).trim().min(10, message).max(200, message);

export const passwordResetTokenQuery = z.object({ token: linkToken('Link inválido ou expirado.') });

export const inviteTokenQuery = z.object({ token: linkToken('Convite inválido ou expirado.') });

export const passwordResetBody = z.object({
  token: z.string({ error: 'Link inválido.' }).min(10, 'Link inválido.').max(200, 'Link inválido.'),
  password,
});

export const inviteInfoResponse = z.object({
  email: z.string(),
  role: z.string(),
  nome: z.string().nullable(),
});

export const acceptInviteBody = z.object({
  token: z
    .string({ error: 'Convite inválido.' })
    .min(10, 'Convite inválido.')
    .max(200, 'Convite inválido.'),
  nome: z
    .string({ error: 'Informe seu nome.' })
    .trim()
    .min(2, 'Informe seu nome completo.')
    .max(120, 'Nome longo demais.'),
  password,
});

export const avatarUrlResponse = z.object({ url: z.string().nullable() });

export const okResponse = z.object({ ok: z.literal(true) });

export const messageResponse = z.object({ message: z.string() });

/** Body of every error answer of the API. */
export const errorResponse = z.object({
  error: z.string(),
  code: z.string(),
  reqId: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
