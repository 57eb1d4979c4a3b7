import { z } from 'zod';

import '../../../lib/zod-locale.ts';

import { passwordField } from './password-schema.ts';

/** Name, password and confirmation of /accept-invite (same rules as the domain's body). */
export const acceptInviteFormSchema = z
  .object({
    nome: z.string().trim().min(2, 'Informe seu nome completo.').max(120, 'Nome longo demais.'),
    password: passwordField,
    confirm: z.string().min(1, 'Confirme a senha.'),
  })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    message: 'As senhas não conferem.',
  });

export type AcceptInviteFormInput = z.input<typeof acceptInviteFormSchema>;
export type AcceptInviteFormValues = z.output<typeof acceptInviteFormSchema>;
