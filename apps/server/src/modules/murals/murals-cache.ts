import { RT_EVENTS } from '@eproto/domain';
import { BUS_RESYNC, type EventBus } from '../../lib/events.ts';
import { ReadCache } from '../../lib/read-cache.ts';

/** Events that never change what a demand list or page shows (chat, bell, other areas). */
const UNRELATED = new Set<string>([
  RT_EVENTS.chatMessage,
  RT_EVENTS.chatRead,
  RT_EVENTS.contractChatMessage,
  RT_EVENTS.contractChatRead,
  RT_EVENTS.notification,
  RT_EVENTS.notificationRead,
  RT_EVENTS.agendaChanged,
  RT_EVENTS.epiChanged,
  RT_EVENTS.fleetChanged,
  RT_EVENTS.inventoryChanged,
  RT_EVENTS.requestsChanged,
  RT_EVENTS.supportChanged,
]);

/** Events about one demand: its page changes, no other demand's page does. */
const ABOUT_ONE_DEMAND = new Set<string>([RT_EVENTS.muralChanged, RT_EVENTS.muralViewed]);

/**
 * Serialized answers of GET /murals/:id, grouped by demand (the key names the person). An
 * event about one demand (data.id) drops only that demand's pages, so a busy board does not
 * empty the cache of every page; any other demand-related event drops them all, like
 * createDemandReadCache. maxBytes: CACHE_DEMAND_PAGE_MB.
 */
export function createDemandPageCache(events: EventBus, maxBytes: number) {
  const cache = new ReadCache({
    ttlMs: 10_000,
    maxBytes,
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
 * publish nothing (a person renamed) show within ttlMs. maxBytes: CACHE_SUMMARY_MB.
 */
export function createDemandReadCache(events: EventBus, maxBytes: number) {
  const cache = new ReadCache({
    ttlMs: 10_000,
    maxBytes,
    staleOn: (e) => (UNRELATED.has(e.type) ? null : 'all'),
  });
  return { cache, stop: cache.follow(events) };
}

/**
 * Totals of demand lists (x-total-count) by person and filters, whatever the page, size or
 * order: the pages of one list share one count instead of counting every matching demand per
 * request. Dropped by the same events as createDemandReadCache, on every node; a total counted
 * across such an event is not kept; ttlMs backs up writes that publish nothing.
 */
export class DemandListTotals {
  private readonly totals = new Map<string, { total: number; at: number }>();
  private gen = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 5_000,
  ) {}

  follow(events: EventBus): () => void {
    return events.subscribe((e) => {
      if (e.type === BUS_RESYNC || !UNRELATED.has(e.type)) this.clear();
    });
  }

  /** Hand it back to set(): what was counted before the last event is not kept. */
  get generation(): number {
    return this.gen;
  }

  get(key: string): number | undefined {
    const hit = this.totals.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at < this.ttlMs) return hit.total;
    this.totals.delete(key);
    return undefined;
  }

  set(key: string, total: number, generation: number): void {
    if (generation !== this.gen) return;
    this.totals.delete(key);
    this.totals.set(key, { total, at: Date.now() });
    for (const [k] of this.totals) {
      if (this.totals.size <= this.maxEntries) break;
      this.totals.delete(k);
    }
  }

  clear(): void {
    this.gen++;
    this.totals.clear();
  }
}

/** The list totals of one node, following the bus. */
export function createDemandListTotals(events: EventBus) {
  const totals = new DemandListTotals();
  return { totals, stop: totals.follow(events) };
}
