import { activityResource } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { queryAll } from '../../db/query-all.ts';
import { NAMERS } from './activity-names.repo.ts';

/**
 * Names of the objects a page of the log touched ("resource:id" → "Gisele Prado",
 * "#12 (Material)"), a query per kind; objects deleted since are simply absent.
 */
export async function activityObjectNames(
  db: DbOrTx,
  rows: Array<{ action: string; objectId: string | null }>,
): Promise<Map<string, string>> {
  const byResource = new Map<string, Set<number>>();
  for (const r of rows) {
    const resource = activityResource(r.action);
    const id = Number(r.objectId);
    if (!resource || !NAMERS[resource] || !Number.isInteger(id) || id <= 0) continue;
    if (!byResource.has(resource)) byResource.set(resource, new Set());
    byResource.get(resource)!.add(id);
  }
  const names = new Map<string, string>();
  const found = await queryAll(
    db,
    [...byResource].map(([resource, ids]) => async () => {
      const named = await NAMERS[resource]!(db, [...ids]);
      return { resource, named };
    }),
  );
  for (const { resource, named } of found) {
    for (const [id, name] of named) names.set(`${resource}:${id}`, name);
  }
  return names;
}

/** The name of one log row's object, if known. */
export function nameOf(
  names: Map<string, string>,
  r: { action: string; objectId: string | null },
): string | null {
  const resource = activityResource(r.action);
  return resource && r.objectId ? (names.get(`${resource}:${r.objectId}`) ?? null) : null;
}
