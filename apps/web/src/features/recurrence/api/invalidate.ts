import type { QueryClient } from '@tanstack/react-query';

import { AFTER_CHANGE_KEYS } from './keys.ts';

/** Refetches series, demand lists and boards after a recurrence change. */
export async function refreshAfterRecurrence(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    AFTER_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
