import { roleOf } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { seesEverything } from '../access/scope.service.ts';
import { createMuralsRepo } from './murals.repo.ts';

type EventDeps = Pick<ServiceDeps, 'database' | 'events'>;

/** Everyone who may see a demand (and its tasks), with their role. */
export async function muralAudience(deps: EventDeps, muralId: number) {
  const result = await createMuralsRepo(deps.database.db).audience(muralId);
  return result.rows
    .map((r) => ({ id: r.id, type: roleOf(r.role), linked: r.linked }))
    .filter((r) => r.linked || seesEverything(r));
}

/**
 * Tells the open tabs of everyone who may see the demand that it changed (after commit).
 * Failures are logged by the caller's promise chain only; a lost push is covered by polling.
 */
export async function publishMuralChanged(
  deps: EventDeps,
  muralId: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const userIds = (await muralAudience(deps, muralId)).map((r) => r.id);
  if (userIds.length === 0) return;
  await deps.events.publish({
    type: 'mural.changed',
    userIds,
    data: { id: muralId, ...extra },
  });
}
