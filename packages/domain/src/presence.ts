import { z } from 'zod';
import { requiredId } from './common.ts';

/** What someone is doing to a demand: its form (or a task's) open, or its card being dragged. */
export const PRESENCE_ACTIONS = ['editando', 'movendo'] as const;
export type PresenceAction = (typeof PRESENCE_ACTIONS)[number];

/** A tab repeats its presence this often while the form is open or the card is held. */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** A presence not repeated within this is gone (the tab closed or lost its connection). */
export const PRESENCE_TTL_MS = 12_000;

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

/** `data` of the push event 'presence': who, on which demand (and its board), doing what. */
export interface PresenceData {
  mural_id: number;
  board_id: number | null;
  user_id: number;
  nome: string;
  avatar: string | null;
  acao: PresenceAction;
  ativo: boolean;
}

const presenceData = z.object({
  mural_id: z.number().int(),
  board_id: z.number().int().nullable(),
  user_id: z.number().int(),
  nome: z.string().max(200),
  avatar: z.string().max(500).nullable(),
  acao: z.enum(PRESENCE_ACTIONS),
  ativo: z.boolean(),
});

/** Reads the data of a 'presence' push event; null when it is not one. */
export function parsePresenceData(data: unknown): PresenceData | null {
  const parsed = presenceData.safeParse(data);
  return parsed.success ? parsed.data : null;
}
