import { useSyncExternalStore } from 'react';

import { useSession } from '../session.ts';
import { connectivity } from './connectivity.ts';
import { outbox } from './outbox.ts';
import type { OutboxItem } from './outbox-types.ts';

/**
 * The signed-in person's queued writes, oldest first (pending, sending and refused); a write
 * being sent right after it was made, with signal, is not one of them unless that fails.
 */
export function useOutboxItems(): OutboxItem[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  const me = useSession().user?.id;
  return me === undefined ? [] : all.filter((i) => i.userId === me && !i.live);
}

/** Queued writes of one kind that match a screen's item (e.g. the agenda entry shown). */
export function usePendingWrites(kind: string, match?: (item: OutboxItem) => boolean) {
  return useOutboxItems().filter((i) => i.kind === kind && (!match || match(i)));
}

/** False while there is no signal or the server cannot be reached (lib/offline/connectivity). */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.online, () => true);
}
