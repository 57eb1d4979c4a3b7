import { z } from 'zod';

import '../../../lib/zod-locale.ts';

import { confirmed, newPasswordShape } from './password-schema.ts';

/** Name, password and confirmation of /accept-invite (same rules as the domain's body). */
export const acceptInviteFormSchema = confirmed(
  z.object({
    nome: z.string().trim().min(2, 'Informe seu nome completo.').max(120, 'Nome longo demais.'),
    ...newPasswordShape,
  }),
);

export type AcceptInviteFormInput = z.input<typeof acceptInviteFormSchema>;
export type AcceptInviteFormValues = z.output<typeof acceptInviteFormSchema>;
