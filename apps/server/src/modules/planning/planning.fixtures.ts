import type { Stage } from '@eproto/domain';
import {
  muralHistory,
  protocolHistory,
  protocols,
  taskDependencies,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';

export {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

/** Inserts a task with dates. */
export async function makeDatedTask(
  t: TestApp,
  v: {
    muralId: number;
    titulo?: string;
    ini?: string | null;
    fim?: string | null;
    iniReal?: string | null;
    fimReal?: string | null;
    responsavelId?: number | null;
    stage?: Stage;
  },
) {
  const [row] = await t.database.db
    .insert(protocols)
    .values({
      muralId: v.muralId,
      titulo: v.titulo ?? 'Tarefa',
      inicioPrevisto: v.ini ?? null,
      fimPrevisto: v.fim ?? null,
      inicioReal: v.iniReal ?? null,
      fimReal: v.fimReal ?? null,
      responsavelId: v.responsavelId ?? null,
      stage: v.stage ?? 'a_fazer',
    })
    .returning();
  return row!;
}

/** `successor` depends on `predecessor` (finish-to-start + lag). */
export async function link(t: TestApp, predecessorId: number, successorId: number, lagDays = 0) {
  const [row] = await t.database.db
    .insert(taskDependencies)
    .values({ predecessorId, protocolId: successorId, lagDays })
    .returning();
  return row!;
}

/** A history entry of a demand at a given time. */
export async function muralEvent(
  t: TestApp,
  v: { muralId: number; action: string; at: Date; authorId?: number; after?: object },
) {
  const [row] = await t.database.db
    .insert(muralHistory)
    .values({
      muralId: v.muralId,
      action: v.action,
      authorId: v.authorId ?? null,
      after: (v.after ?? null) as Record<string, unknown> | null,
      createdAt: v.at,
    })
    .returning();
  return row!;
}

/** A history entry of a task at a given time. */
export async function taskEvent(
  t: TestApp,
  v: { protocolId: number; action: string; at: Date; authorId?: number; after?: object },
) {
  const [row] = await t.database.db
    .insert(protocolHistory)
    .values({
      protocolId: v.protocolId,
      action: v.action,
      authorId: v.authorId ?? null,
      after: (v.after ?? null) as Record<string, unknown> | null,
      createdAt: v.at,
    })
    .returning();
  return row!;
}
