import type { AppEvent, EventBus } from '../src/lib/events.ts';

/** An event bus for unit tests: `emit` hands an event to every subscriber at once. */
export function fakeBus() {
  const listeners: Array<(e: AppEvent) => void> = [];
  const bus = {
    subscribe: (fn: (e: AppEvent) => void) => {
      listeners.push(fn);
      return () => undefined;
    },
  } as unknown as EventBus;
  return { bus, emit: (e: AppEvent) => listeners.forEach((fn) => fn(e)) };
}
