/** What someone is doing to a demand: its form (or a task's) open, or its card being dragged. */
export const PRESENCE_ACTIONS = ['editando', 'movendo'] as const;
export type PresenceAction = (typeof PRESENCE_ACTIONS)[number];

/** A tab repeats its presence this often while the form is open or the card is held. */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** A presence not repeated within this is gone (the tab closed or lost its connection). */
export const PRESENCE_TTL_MS = 12_000;

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

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/**
 * Reads the data of a 'presence' push event; null when it is not one. Written without zod: the
 * app shell reads every push event, and zod would load on every route before the first paint.
 */
export function parsePresenceData(data: unknown): PresenceData | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const { mural_id, board_id, user_id, nome, avatar, acao, ativo } = d;
  if (!isInt(mural_id) || !isInt(user_id) || !isText(nome, 200)) return null;
  if (board_id !== null && !isInt(board_id)) return null;
  if (avatar !== null && !isText(avatar, 500)) return null;
  if (!PRESENCE_ACTIONS.includes(acao as PresenceAction) || typeof ativo !== 'boolean') return null;
  return { mural_id, board_id, user_id, nome, avatar, acao: acao as PresenceAction, ativo };
}
