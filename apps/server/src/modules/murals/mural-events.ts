import { roleOf, RT_EVENTS, type WebhookDemandData } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { seesEverything } from '../access/scope.service.ts';
import { createMuralsRepo, type MuralRow } from './murals.repo.ts';

type EventDeps = Pick<ServiceDeps, 'database' | 'events'>;

/** A demand as webhooks carry it in `dados` (docs/operations.md, "Webhooks assinados"). */
export function demandWebhookData(
  deps: Pick<ServiceDeps, 'config'>,
  m: Pick<
    MuralRow,
    | 'id'
    | 'titulo'
    | 'stage'
    | 'prioridade'
    | 'boardId'
    | 'contractId'
    | 'responsavelId'
    | 'inicioPrevisto'
    | 'fimPrevisto'
  >,
): { demanda: WebhookDemandData } {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return {
    demanda: {
      id: m.id,
      titulo: m.titulo,
      etapa: m.stage,
      prioridade: m.prioridade,
      quadro_id: m.boardId,
      contrato_id: m.contractId,
      responsavel_id: m.responsavelId,
      inicio_previsto: m.inicioPrevisto,
      fim_previsto: m.fimPrevisto,
      url: `${base}/eproto/murals/${m.id}`,
    },
  };
}

/** Everyone who may see a demand (and its tasks), with their role. */
export async function muralAudience(deps: EventDeps, muralId: number) {
  const rows = await createMuralsRepo(deps.database.db).audience(muralId);
  return rows
    .map((r) => ({ id: r.id, type: roleOf(r.role), linked: r.linked }))
    .filter((r) => r.linked || seesEverything(r));
}

/**
 * Tells the open tabs of everyone who may see the demand that it changed (after commit), with
 * its updated_at as `version` and its board in `data.board_id`. A write that knows them
 * (`known`, from its own UPDATE … RETURNING) spares the read of them: one query less between
 * the commit and the other tabs (issue 37 point 5).
 * Failures are logged by the caller's promise chain only; a lost push is covered by polling.
 */
export async function publishMuralChanged(
  deps: EventDeps,
  muralId: number,
  extra: Record<string, unknown> = {},
  known?: { updatedAt: Date; boardId: number },
): Promise<void> {
  const repo = createMuralsRepo(deps.database.db);
  const [audience, row] = await Promise.all([
    muralAudience(deps, muralId),
    known ?? repo.version(muralId),
  ]);
  const userIds = audience.map((r) => r.id);
  if (userIds.length === 0) return;
  await deps.events.publish({
    type: RT_EVENTS.muralChanged,
    userIds,
    id: muralId,
    ...(row && { version: row.updatedAt.toISOString() }),
    // The board it is on now: tabs showing another board leave it alone unless they show it.
    data: { id: muralId, ...(row && { board_id: row.boardId }), ...extra },
  });
}
