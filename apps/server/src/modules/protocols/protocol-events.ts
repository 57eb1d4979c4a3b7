import { can, RT_EVENTS, type WebhookTaskData } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { muralAudience } from '../murals/mural-events.ts';
import { createProtocolsRepo, type ProtocolRow } from './protocols.repo.ts';

type EventDeps = Pick<ServiceDeps, 'database' | 'events'>;

/**
 * Tells the open tabs of everyone who may see the tasks that they changed (after commit):
 * 'protocol.changed' { ids, mural_id } (version: the oldest updated_at of the tasks still
 * there), and 'reviews.changed' to reviewers when the review queue moved, with the same
 * version and data. A lost push is covered by polling.
 */
export async function publishProtocolsChanged(
  deps: EventDeps,
  changes: { muralId: number; ids: number[]; reviews?: boolean }[],
): Promise<void> {
  const byMural = new Map<number, { ids: Set<number>; reviews: boolean }>();
  for (const c of changes) {
    const entry = byMural.get(c.muralId) ?? { ids: new Set<number>(), reviews: false };
    c.ids.forEach((id) => entry.ids.add(id));
    entry.reviews ||= c.reviews ?? false;
    byMural.set(c.muralId, entry);
  }
  for (const [muralId, { ids, reviews }] of byMural) {
    // Who is told, and the oldest of their new versions (the task lists ask what changed
    // since, page deltas): read together, so the tabs wait for one round trip, not two.
    const [people, version] = await Promise.all([
      muralAudience(deps, muralId),
      createProtocolsRepo(deps.database.db).oldestVersion([...ids]),
    ]);
    if (people.length === 0) continue;
    await deps.events.publish({
      type: RT_EVENTS.protocolChanged,
      userIds: people.map((p) => p.id),
      ...(version && { version: version.toISOString() }),
      // reviews: a 'reviews.changed' follows (the review queues ask there, not here).
      data: { ids: [...ids], mural_id: muralId, ...(reviews && { reviews: true }) },
    });
    const reviewers = people.filter((p) => can(p.type, 'protocols.review')).map((p) => p.id);
    if (reviews && reviewers.length > 0) {
      // The same version and tasks: the review queues ask /reviews/changes since it.
      await deps.events.publish({
        type: RT_EVENTS.reviewsChanged,
        userIds: reviewers,
        ...(version && { version: version.toISOString() }),
        data: { ids: [...ids], mural_id: muralId },
      });
    }
  }
}

/** A task as webhooks carry it in `dados` (docs/operations.md, "Webhooks assinados"). */
export function taskWebhookData(
  deps: Pick<ServiceDeps, 'config'>,
  t: Pick<
    ProtocolRow,
    | 'id'
    | 'titulo'
    | 'stage'
    | 'prioridade'
    | 'muralId'
    | 'responsavelId'
    | 'inicioPrevisto'
    | 'fimPrevisto'
    | 'fimReal'
  >,
): { tarefa: WebhookTaskData } {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return {
    tarefa: {
      id: t.id,
      titulo: t.titulo,
      etapa: t.stage,
      prioridade: t.prioridade,
      demanda_id: t.muralId,
      responsavel_id: t.responsavelId,
      inicio_previsto: t.inicioPrevisto,
      fim_previsto: t.fimPrevisto,
      fim_real: t.fimReal,
      demanda_url: `${base}/eproto/murals/${t.muralId}`,
    },
  };
}
