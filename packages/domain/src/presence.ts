import { z } from 'zod';
import { requiredId } from './common.ts';
import { PRESENCE_ACTIONS } from './presence-rules.ts';

/**
 * POST /api/eproto/presence — "I am editing (or moving) this demand" (`ativo: true`, repeated
 * every PRESENCE_HEARTBEAT_MS) or "no longer" (`ativo: false`). Told to everyone else who may
 * see the demand as the push event 'presence'; 404 for a demand out of the caller's scope.
 */
export const presenceBody = z.object({
  mural_id: requiredId('Informe a demanda.'),
  acao: z.enum(PRESENCE_ACTIONS, { error: 'Ação inválida: use "editando" ou "movendo".' }),
  ativo: z.boolean({ error: 'Informe "ativo" como verdadeiro ou falso.' }),
});
export type PresenceBody = z.infer<typeof presenceBody>;
