import { roleOf } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { seesEverything } from '../access/scope.service.ts';
import { createMuralsRepo } from './murals.repo.ts';

/**
 * Tells the open tabs of everyone who may see the demand that it changed (after commit).
 * Failures are logged by the caller's promise chain only; a lost push is covered by polling.
 */
export async function publishMuralChanged(
  deps: Pick<ServiceDeps, 'database' | 'events'>,
  muralId: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const result = await createMuralsRepo(deps.database.db).audience(muralId);
  const userIds = result.rows
    .filter((r) => r.linked || seesEverything({ id: r.id, type: roleOf(r.role) }))
    .map((r) => r.id);
  if (userIds.length === 0) return;
  await deps.events.publish({
    type: 'mural.changed',
    userIds,
    data: { id: muralId, ...extra },
  });
}
