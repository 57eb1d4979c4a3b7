import { RT_EVENTS, roleOf } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { seesEverything } from '../access/scope.service.ts';
import { REVIEWER_ROLES } from './protocol-access.ts';
import { createProtocolsRepo } from './protocols.repo.ts';

type EventDeps = Pick<ServiceDeps, 'database' | 'events'>;

/** Everyone who may see a demand's tasks, with their role. */
async function audience(deps: EventDeps, muralId: number) {
  const rows = await createProtocolsRepo(deps.database.db).audience(muralId);
  return rows
    .map((r) => ({ id: r.id, type: roleOf(r.role), linked: r.linked }))
    .filter((r) => r.linked || seesEverything(r));
}

/**
 * Tells the open tabs of everyone who may see the tasks that they changed (after commit):
 * 'protocol.changed' { ids, mural_id }, and 'reviews.changed' to reviewers when the review queue
 * moved. A lost push is covered by polling.
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
    const people = await audience(deps, muralId);
    if (people.length === 0) continue;
    await deps.events.publish({
      type: RT_EVENTS.protocolChanged,
      userIds: people.map((p) => p.id),
      data: { ids: [...ids], mural_id: muralId },
    });
    const reviewers = people.filter((p) => REVIEWER_ROLES.includes(p.type)).map((p) => p.id);
    if (reviews && reviewers.length > 0) {
      await deps.events.publish({
        type: RT_EVENTS.reviewsChanged,
        userIds: reviewers,
        data: { mural_id: muralId },
      });
    }
  }
}
