import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { patchQueries } from './page-delta.ts';

/**
 * Patches every cached list under `prefix` that keeps the `cursor` of its last answer (the
 * lists synced by `updated_since`: the OS list, the agenda) from that cursor, through
 * patchQueries: each one on screen asks only what changed since (`ask`) and takes it in
 * (`merge`; null when the answer cannot complete it: then it is read whole), one request at a
 * time; one not on screen is marked stale. A list held without a cursor is read whole.
 */
export async function patchSyncedLists<D extends { cursor?: string | undefined }>(
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
