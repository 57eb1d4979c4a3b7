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

/**
 * Serialized answers of GET /murals/summary and GET /murals/:id per person. Any other event
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
