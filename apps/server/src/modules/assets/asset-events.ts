import { can, roleOf, RT_EVENTS } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { createAssetsRepo, type AssetVersion } from './assets.repo.ts';

type Events = Pick<ServiceDeps, 'events' | 'database'>;

/**
 * Who sees a contract's assets: the people linked to it and the roles that see every contract
 * (as scope.contractIds): an event about an asset goes to them only.
 */
async function audienceOf(deps: Events, contractId: number): Promise<number[]> {
  const rows = await createAssetsRepo(deps.database.db).contractAudience(contractId);
  return rows.filter((r) => r.linked || can(roleOf(r.role), 'contracts.all')).map((r) => r.id);
}

/** How many ids an import's event names at most (a NOTIFY stays small). */
const MAX_IDS = 50;

/**
 * After a write's commit: 'assets.changed', to who sees the asset's contract (audienceOf), with
 * the asset's new `updated_at` as `version`
 * (the asset lists ask `/tatico/ativos/changes` since it; an asset page holding it asks
 * nothing) and its contract (a list of another contract asks nothing). `part`: what of the
 * asset changed besides its row (its files, its hour meter); `created`: a new asset (the
 * types count their assets).
 */
export async function publishAssetChanged(
  deps: Events,
  v: AssetVersion,
  what: { part?: 'files' | 'meter'; created?: true } = {},
) {
  return deps.events.publish({
    type: RT_EVENTS.assetsChanged,
    userIds: await audienceOf(deps, v.contractId),
    id: v.id,
    version: v.updatedAt.toISOString(),
    data: { id: v.id, contract_id: v.contractId, ...what },
  });
}

/** After an import's commit: one event for its rows, all of one contract and one version. */
export async function publishAssetsImported(deps: Events, rows: AssetVersion[]) {
  const first = rows[0];
  if (!first) return;
  const since = Math.min(...rows.map((r) => r.updatedAt.getTime()));
  await deps.events.publish({
    type: RT_EVENTS.assetsChanged,
    userIds: await audienceOf(deps, first.contractId),
    version: new Date(since).toISOString(),
    data: { contract_id: first.contractId, ids: rows.slice(0, MAX_IDS).map((r) => r.id) },
  });
}

/** A type of asset changed: every list shows its name, and no asset's version moved. */
export function publishAssetTypesChanged(deps: Events) {
  return deps.events.publish({ type: RT_EVENTS.assetsChanged, data: { part: 'types' } });
}
