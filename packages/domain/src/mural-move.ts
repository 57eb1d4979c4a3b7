import { RT_EVENTS, type RealtimeChange } from './realtime.ts';
import { STAGES, type Stage } from './stages.ts';

/**
 * What a kanban move's 'mural.changed' carries in `data.move` (key MURAL_MOVE_KEY), so the
 * other open boards move the card without asking GET /murals/summary/changes (issue 37 point
 * 5). Only what every recipient may see of the card (they are the demand's audience): `stage`,
 * the real dates the move set or kept, `atrasada` on the company's day, `from` (the
 * demand's updated_at before the move: a tab whose card is at another version missed a change
 * and asks instead), `from_stage` (the stage it left: a Demandas page filtered by stage tells
 * whether a demand it does not show was in its list) and `by` (who moved it: the card turns
 * unread for everyone else). The card's place in its column is its new version (the board
 * lists by -updated_at): first.
 */
export interface MuralMove {
  stage: Stage;
  from: string;
  /** Absent in an event of a server before it (then a filtered page asks). */
  from_stage?: Stage;
  inicio_real: string | null;
  fim_real: string | null;
  atrasada: boolean;
  by: number;
}

/** Key of MuralMove in a 'mural.changed' event's data. */
export const MURAL_MOVE_KEY = 'move';

const isStage = (v: unknown): v is Stage =>
  typeof v === 'string' && (STAGES as readonly string[]).includes(v);

const isDateOrNull = (v: unknown): v is string | null =>
  v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v));

/** The kanban move a change carries, or null (another change, or a malformed one). */
export function muralMoveOf(change: RealtimeChange): MuralMove | null {
  if (change.type !== RT_EVENTS.muralChanged) return null;
  const raw: unknown = change.data?.[MURAL_MOVE_KEY];
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (
    !isStage(m.stage) ||
    (m.from_stage !== undefined && !isStage(m.from_stage)) ||
    typeof m.from !== 'string' ||
    Number.isNaN(Date.parse(m.from)) ||
    !isDateOrNull(m.inicio_real) ||
    !isDateOrNull(m.fim_real) ||
    typeof m.atrasada !== 'boolean' ||
    typeof m.by !== 'number'
  ) {
    return null;
  }
  return {
    stage: m.stage,
    from: m.from,
    ...(isStage(m.from_stage) && { from_stage: m.from_stage }),
    inicio_real: m.inicio_real,
    fim_real: m.fim_real,
    atrasada: m.atrasada,
    by: m.by,
  };
}
