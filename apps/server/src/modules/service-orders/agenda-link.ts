import type { DbOrTx } from '../../db/client.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';

/** The live OS (not cancelled) of each agenda entry, for the agenda's own answers. */
export async function serviceOrdersOfEntries(db: DbOrTx, entryIds: number[]) {
  const rows = await createServiceOrdersRepo(db).ofAgendaEntries(entryIds);
  return new Map(
    rows.flatMap((r) =>
      r.entryId === null ? [] : [[r.entryId, { id: r.id, codigo: r.codigo, status: r.status }]],
    ),
  );
}
