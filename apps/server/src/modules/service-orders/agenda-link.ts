import type { DbOrTx } from '../../db/client.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';

type EntryOs = { id: number; codigo: string; status: string };

/**
 * The OS of each agenda entry, for the agenda's own answers: the live one (not cancelled), else
 * the last cancelled one, so the entry shows "Cancelada" instead of looking like work to start.
 */
export async function serviceOrdersOfEntries(db: DbOrTx, entryIds: number[]) {
  const rows = await createServiceOrdersRepo(db).ofAgendaEntries(entryIds, { cancelled: true });
  const out = new Map<number, EntryOs>();
  for (const r of rows) {
    if (r.entryId === null) continue;
    const kept = out.get(r.entryId);
    // Rows come in creation order: a later OS wins unless it is cancelled and a live one exists.
    if (kept && kept.status !== 'cancelada' && r.status === 'cancelada') continue;
    out.set(r.entryId, { id: r.id, codigo: r.codigo, status: r.status });
  }
  return out;
}
