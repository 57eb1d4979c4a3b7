import type { RealtimeChange } from '@eproto/domain';

type Listener = (changes: RealtimeChange[]) => void;

const listeners = new Set<Listener>();

/**
 * Hands the changes a write's answer listed (X-Changes) to whoever applies them (the app's
 * realtime sync, app/realtime/use-realtime-sync.ts): the same effects as the push events other
 * tabs receive for that write.
 */
export function reportLocalChanges(changes: RealtimeChange[]): void {
  if (changes.length === 0) return;
  for (const fn of listeners) fn(changes);
}

/** Listens to the changes of this tab's writes; returns the unsubscribe function. */
export function onLocalChanges(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
