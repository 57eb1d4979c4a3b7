import type { Stage } from '@eproto/domain';
import { isLate, stageDateChanges } from '@eproto/domain';

interface Movable {
  id: number;
  stage: Stage;
  inicio_real: string | null;
  fim_real: string | null;
  fim_previsto: string | null;
  atrasada: boolean;
}

/**
 * The demand as the server will answer after a stage move (PRODUCT.md: em_andamento sets
 * inicio_real, concluido sets fim_real), so the optimistic card shows the right dates at once.
 */
export function applyStageMove<T extends Movable>(item: T, stage: Stage, today: string): T {
  if (item.stage === stage) return item;
  const dates = stageDateChanges(item, stage, today);
  return { ...item, ...dates, stage, atrasada: isLate(stage, item.fim_previsto, today) };
}

/** The same move applied to one item of a list (other items keep their identity). */
export function moveInList<T extends Movable>(
  list: readonly T[],
  id: number,
  stage: Stage,
  today: string,
): T[] {
  return list.map((m) => (m.id === id ? applyStageMove(m, stage, today) : m));
}
