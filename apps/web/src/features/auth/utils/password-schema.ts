import { PASSWORD_MAX, PASSWORD_MIN } from '@eproto/domain';
import { z } from 'zod';

import '../../../lib/zod-locale.ts';

// Built here from the domain limits instead of importing the domain's zod schemas: those live
// in the module that also holds the CSRF constants, and importing them would pull zod into
// the first download of every page (see docs in vite.config.ts).

/** A new password (domain limits) and its confirmation, Portuguese messages. */
export const newPasswordShape = {
  password: z
    .string()
    .min(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`)
    .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`),
  confirm: z.string().min(1, 'Confirme a senha.'),
};

/** Adds the check every new-password form runs: the confirmation equals the password. */
export function confirmed<S extends z.ZodType<{ password: string; confirm: string }>>(schema: S) {
  return schema.refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: 'As senhas não conferem.',
  });
}

/** New password plus confirmation. */
export const newPasswordSchema = confirmed(z.object(newPasswordShape));

export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
