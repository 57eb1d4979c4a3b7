import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

import { patchQueries } from './page-delta.ts';

/** Per query client, the patches of a prefix asked in this turn and not yet begun. */
const asked = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * Patches every cached list under `prefix` that keeps the `cursor` of its last answer (the
 * lists synced by `updated_since`: the OS list, the agenda) from that cursor, through
 * patchQueries: each one on screen asks only what changed since (`ask`) and takes it in
 * (`merge`; null when the answer cannot complete it: then it is read whole), one request at a
 * time; one not on screen is marked stale. A list held without a cursor is read whole.
 * The ask goes from the list's cursor, not from the change: the changes of one turn (a write's
 * X-Changes naming the OS and its agenda entries) share one patch, begun after that turn.
 */
export function patchSyncedLists<D extends { cursor?: string | undefined }>(
  queryClient: QueryClient,
  options: {
    prefix: QueryKey;
    ask: (queryKey: QueryKey, since: string) => Promise<D>;
    merge: (kept: D, answer: D) => D | null;
  },
): Promise<void> {
  const byPrefix = asked.get(queryClient) ?? new Map<string, Promise<void>>();
  asked.set(queryClient, byPrefix);
  const key = hashKey(options.prefix);
  const waiting = byPrefix.get(key);
  if (waiting) return waiting;
  const run = Promise.resolve().then(() => {
    byPrefix.delete(key);
    return patchNow(queryClient, options);
  });
  byPrefix.set(key, run);
  return run;
}

async function patchNow<D extends { cursor?: string | undefined }>(
  queryClient: QueryClient,
  options: {
    prefix: QueryKey;
    ask: (queryKey: QueryKey, since: string) => Promise<D>;
    merge: (kept: D, answer: D) => D | null;
  },
): Promise<void> {
  const { prefix, ask, merge } = options;
  await patchQueries(queryClient, {
    prefix,
    sinceOf: (data) => (data as D).cursor,
    apply: async (queryKey, since) => {
      const answer = await ask(queryKey, since);
      const kept = queryClient.getQueryData<D>(queryKey);
      if (kept === undefined) return true;
      const merged = merge(kept, answer);
      if (merged === null) return false;
      queryClient.setQueryData(queryKey, merged);
      return true;
    },
  });
}
