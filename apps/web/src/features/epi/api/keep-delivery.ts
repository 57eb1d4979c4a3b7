import type { CurrentUser, EpiDelivery, EpiSheet, SyncedList } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import type { DeliveryFilter } from './get-deliveries.ts';
import { EPI_KEY } from './get-epi-items.ts';
import { MY_DELIVERIES_KEY } from './get-my-deliveries.ts';

type Listed = SyncedList<EpiDelivery>;

/** As the gestores' list and Meus EPIs order them: newest delivery first. */
const newestFirst = (a: EpiDelivery, b: EpiDelivery) => b.data.localeCompare(a.data) || b.id - a.id;

/** As the ficha orders them: oldest delivery first. */
const oldestFirst = (a: EpiDelivery, b: EpiDelivery) => a.data.localeCompare(b.data) || a.id - b.id;

/** The rows with `d` in (replacing its older self) or out, in `order`. */
function upsert(
  rows: readonly EpiDelivery[],
  d: EpiDelivery,
  keep: boolean,
  order: (a: EpiDelivery, b: EpiDelivery) => number,
) {
  const others = rows.filter((r) => r.id !== d.id);
  return keep ? [...others, d].sort(order) : others;
}

/**
 * Puts a delivery a write answered into the synced lists of its person (Meus EPIs when it is
 * the caller's, its ficha, the gestores' lists whose filters take it; out of those whose
 * filters no longer do), with its version: the change's event then finds it shown and this tab
 * asks nothing.
 */
export function keepDelivery(queryClient: QueryClient, d: EpiDelivery): void {
  const me = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;
  if (me === d.colaborador.id) {
    queryClient.setQueryData<Listed>(MY_DELIVERIES_KEY, (held) =>
      held ? { ...held, items: upsert(held.items, d, true, newestFirst) } : held,
    );
  }
  queryClient.setQueryData<EpiSheet>([...EPI_KEY, 'ficha', d.colaborador.id], (held) =>
    held ? { ...held, entregas: upsert(held.entregas, d, true, oldestFirst) } : held,
  );
  for (const q of queryClient.getQueryCache().findAll({ queryKey: [...EPI_KEY, 'deliveries'] })) {
    const f = (q.queryKey[2] ?? {}) as DeliveryFilter;
    const takes =
      (f.colaborador_id === undefined || f.colaborador_id === d.colaborador.id) &&
      (f.status === undefined || f.status === d.status);
    queryClient.setQueryData<Listed>(q.queryKey, (held) =>
      held ? { ...held, items: upsert(held.items, d, takes, newestFirst) } : held,
    );
  }
}
