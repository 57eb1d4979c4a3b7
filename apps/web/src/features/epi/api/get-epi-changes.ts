import type {
  CurrentUser,
  EpiChangeData,
  EpiDelivery,
  EpiSheet,
  RealtimeChange,
  SyncedList,
} from '@eproto/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { patchQueries } from '../../../lib/changes/page-delta.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { getDeliveries, type DeliveryFilter } from './get-deliveries.ts';
import { EPI_KEY } from './get-epi-items.ts';
import { getFicha } from './get-ficha.ts';
import { getMyDeliveries, MY_DELIVERIES_KEY } from './get-my-deliveries.ts';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The `data` of an 'epi.changed' with a version (EpiChangeData), or null when it is not one. */
export function epiChangeOf(change: RealtimeChange): EpiChangeData | null {
  const data = change.data;
  if (change.id === undefined || change.version === undefined || !data) return null;
  const { kind, item_id: itemId, colaborador_id: owner } = data;
  if ((kind !== 'delivery' && kind !== 'item') || !isId(itemId)) return null;
  if (kind === 'delivery' && !isId(owner)) return null;
  return data as unknown as EpiChangeData;
}

/**
 * Whether a list of deliveries (`rows`, of person `owner`; undefined: of anyone) must ask what
 * changed: a delivery it holds in an older version than the change, a delivery it does not hold
 * of its person (a new one), or, for a catalogue item whose name, CA or size changed, a delivery
 * of that item held in an older version. A list already showing the version (the tab whose
 * write put the answer in) and another person's list ask nothing.
 */
export function mustAsk(
  rows: readonly EpiDelivery[],
  owner: number | undefined,
  change: RealtimeChange,
  data: EpiChangeData,
): boolean {
  const at = Date.parse(change.version!);
  const older = (d: EpiDelivery) => Date.parse(d.updated_at) < at;
  if (data.kind === 'item') {
    return data.holders === true && rows.some((d) => d.item.id === data.item_id && older(d));
  }
  const held = rows.find((d) => d.id === change.id);
  if (held) return older(held);
  return owner === undefined || owner === data.colaborador_id;
}

type Listed = SyncedList<EpiDelivery>;

/**
 * One synced list of deliveries in the cache: its rows, whose they are, and its fetch from
 * what it keeps (from its cursor: only what changed since, merged).
 */
interface Held {
  queryKey: QueryKey;
  rows: (data: unknown) => readonly EpiDelivery[];
  owner: number | undefined;
  fetch: (kept: unknown) => Promise<unknown>;
}

function heldLists(queryClient: QueryClient): Held[] {
  const cache = queryClient.getQueryCache();
  const me = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;
  const lists: Held[] = [];
  for (const q of cache.findAll({ queryKey: MY_DELIVERIES_KEY, exact: true })) {
    lists.push({
      queryKey: q.queryKey,
      owner: me,
      rows: (d) => (d as Listed).items,
      fetch: (kept) => getMyDeliveries(kept as Listed),
    });
  }
  for (const q of cache.findAll({ queryKey: [...EPI_KEY, 'ficha'] })) {
    const owner = q.queryKey[2];
    lists.push({
      queryKey: q.queryKey,
      owner: isId(owner) ? owner : undefined,
      rows: (d) => (d as EpiSheet).entregas,
      fetch: (kept) => getFicha(Number(owner), kept as EpiSheet),
    });
  }
  for (const q of cache.findAll({ queryKey: [...EPI_KEY, 'deliveries'] })) {
    const filter = (q.queryKey[2] ?? {}) as DeliveryFilter;
    lists.push({
      queryKey: q.queryKey,
      owner: filter.colaborador_id,
      rows: (d) => (d as Listed).items,
      fetch: (kept) => getDeliveries(filter, kept as Listed),
    });
  }
  return lists;
}

/**
 * An EPI delivery or catalogue item changed ('epi.changed' with its id and version, sent only
 * to the delivery's person and to who manages EPIs; an item's to its holders when what their
 * deliveries show changed). Each synced list of deliveries on screen (Meus EPIs, a ficha, the
 * gestores' Entregas) that must see it (mustAsk) asks only what changed since its own cursor
 * (`?updated_since=`, its queryFn: fetchSyncedList) and merges it, through patchQueries (one
 * request at a time, a list not on screen marked stale); the others ask nothing. Without a
 * version, lib/changes/change-effects.ts reads every EPI list again.
 */
export async function patchEpiOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const data = epiChangeOf(change);
  if (!data) return;
  await Promise.all(
    heldLists(queryClient).map(({ queryKey, rows, owner, fetch }) =>
      patchQueries(queryClient, {
        prefix: queryKey,
        exact: true,
        sinceOf: (held) => (held as { cursor?: string }).cursor,
        shows: (held) => !mustAsk(rows(held), owner, change, data),
        // The list's own fetch: from its cursor, merged (a delta, never the whole list).
        apply: async (key) => {
          const kept = queryClient.getQueryData(key);
          if (kept === undefined) return true;
          const next = await fetch(kept);
          if (queryClient.getQueryData(key) !== undefined) queryClient.setQueryData(key, next);
          return true;
        },
      }),
    ),
  );
}
