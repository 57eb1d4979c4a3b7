import { RT_EVENTS } from '@eproto/domain';
import type { EventBus } from '../../lib/events.ts';
import { ReadCache } from '../../lib/read-cache.ts';

/** Events that never change what a demand list or page shows (chat, bell, other areas). */
const UNRELATED = new Set<string>([
  RT_EVENTS.chatMessage,
  RT_EVENTS.chatRead,
  RT_EVENTS.contractChatMessage,
  RT_EVENTS.contractChatRead,
  RT_EVENTS.notification,
  RT_EVENTS.notificationRead,
  'agenda.changed',
  'epi.changed',
  'fleet.changed',
  'inventory.changed',
  'requests.changed',
  'support.changed',
]);

/** Events about one demand: its page changes, no other demand's page does. */
const ABOUT_ONE_DEMAND = new Set<string>(['mural.changed', 'mural.viewed']);

/**
 * Serialized answers of GET /murals/:id, grouped by demand (the key names the person). An
 * event about one demand (data.id) drops only that demand's pages, so a busy board does not
 * empty the cache of every page; any other demand-related event drops them all, like
 * createDemandReadCache.
 */
export function createDemandPageCache(events: EventBus) {
  const cache = new ReadCache({
    ttlMs: 10_000,
    maxBytes: 64 * 1_048_576,
    staleOn: (e) => {
      if (UNRELATED.has(e.type)) return null;
      const id = e.data?.id;
      if (ABOUT_ONE_DEMAND.has(e.type) && typeof id === 'number') return [id];
      return 'all';
    },
  });
  return { cache, stop: cache.follow(events) };
}

/**
 * Serialized answers of GET /murals/summary per person. Any other event
 * (mural.changed, mural.viewed, protocol.changed, board.changed, contracts.changed,
 * session.invalidate, or a type added later) drops them all on every node; writes that
 * publish nothing (a person renamed) show within ttlMs.
 */
export function createDemandReadCache(events: EventBus) {
  const cache = new ReadCache({
    ttlMs: 10_000,
    maxBytes: 64 * 1_048_576,
    staleOn: (e) => (UNRELATED.has(e.type) ? null : 'all'),
  });
  return { cache, stop: cache.follow(events) };
}
