import type { Stage } from '@eproto/domain';
import { protocols, taskDependencies } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';

let seq = 0;

/** Inserts a task directly (no history), with planned dates and stage. */
export async function insertTask(
  t: TestApp,
  v: {
    muralId: number;
    titulo?: string;
    responsavelId?: number | null;
    inicio?: string | null;
    fim?: string | null;
    stage?: Stage;
    review?: boolean;
  },
) {
  seq += 1;
  const [row] = await t.database.db
    .insert(protocols)
    .values({
      muralId: v.muralId,
      titulo: v.titulo ?? `Tarefa ${seq}`,
      responsavelId: v.responsavelId ?? null,
      inicioPrevisto: v.inicio ?? null,
      fimPrevisto: v.fim ?? null,
      stage: v.stage ?? 'a_fazer',
      reviewStatus: v.review ? 'pendente' : null,
      reviewRequestedAt: v.review ? new Date() : null,
    })
    .returning();
  return row!;
}

/** Inserts a link "successor depends on predecessor" directly. */
export async function insertLink(t: TestApp, successor: number, predecessor: number, lag = 0) {
  const [row] = await t.database.db
    .insert(taskDependencies)
    .values({ protocolId: successor, predecessorId: predecessor, lagDays: lag })
    .returning();
  return row!;
}
