import type { ServerResponse } from 'node:http';
import {
  INTERNAL_EVENT_TYPES,
  INTERNAL_EVENTS,
  RT_EVENTS,
  RT_HEARTBEAT_MS,
  RT_REPLAY_MS,
  RT_RETRY_MS,
} from '@eproto/domain';
import { BUS_RESYNC, type AppEvent, type EventBus } from '../../lib/events.ts';

/** One open browser stream. */
export interface StreamClient {
  userId: number;
  /** Hash of the session token the stream was opened with (closed when that session ends). */
  tokenHash: string;
  res: ServerResponse;
}

/** Decides whether an event without userIds may reach a client (object visibility). */
export type Audience = (event: AppEvent, client: StreamClient) => boolean;

export interface EventHubOptions {
  heartbeatMs?: number;
  /** Most streams one user may hold open (tabs); the oldest is closed beyond it. */
  maxPerUser?: number;
  audience?: Audience;
  /** Clock of the replay buffer (tests). */
  now?: () => number;
}

// A stream whose unsent backlog passes this is a dead or stalled client.
const MAX_BACKLOG_BYTES = 1_048_576;
// Events kept for replay at most (a burst longer than this within RT_REPLAY_MS loses the oldest).
const MAX_REPLAY_EVENTS = 5_000;

const everyone: Audience = () => true;

/**
 * Frames one push message: the default "message" event carrying
 * `{ type, id?, version?, origin?, data? }` (@eproto/domain realtime.ts).
 */
export function frame(
  event: Pick<AppEvent, 'type' | 'id' | 'version' | 'origin' | 'data'>,
): string {
  const { type, id, version, origin, data } = event;
  const body = {
    type,
    ...(id !== undefined && { id }),
    ...(version !== undefined && { version }),
    ...(origin !== undefined && { origin }),
    ...(data !== undefined && { data }),
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/**
 * The open Server-Sent-Event streams of this node. Hears every event of the bus (local and
 * from other nodes through NOTIFY) and writes it to the streams allowed to see it.
 */
export function createEventHub(bus: EventBus, options: EventHubOptions = {}) {
  const clients = new Set<StreamClient>();
  const audience = options.audience ?? everyone;
  const maxPerUser = options.maxPerUser ?? 30;
  const now = options.now ?? Date.now;
  // What this node sent in the last RT_REPLAY_MS, oldest first: a tab reads its screens, then
  // opens its stream (after the first paint); what changed in between is sent again at open.
  const recent: Array<{ at: number; event: AppEvent; chunk: string }> = [];
  const forget = (at: number) => {
    let drop = 0;
    while (drop < recent.length && recent[drop]!.at < at - RT_REPLAY_MS) drop += 1;
    if (recent.length - drop > MAX_REPLAY_EVENTS) drop = recent.length - MAX_REPLAY_EVENTS;
    if (drop > 0) recent.splice(0, drop);
  };
  const reaches = (event: AppEvent, client: StreamClient) =>
    event.userIds ? event.userIds.includes(client.userId) : audience(event, client);

  const close = (client: StreamClient) => {
    if (!clients.delete(client)) return;
    if (!client.res.writableEnded) client.res.end();
  };

  const write = (client: StreamClient, chunk: string) => {
    if (client.res.writableEnded || client.res.destroyed) return close(client);
    if (client.res.writableLength > MAX_BACKLOG_BYTES) return close(client);
    client.res.write(chunk);
  };

  const endSessions = (data: Record<string, unknown> | undefined) => {
    const { userId, tokenHash } = data ?? {};
    for (const c of clients) {
      if (c.userId === userId || (typeof tokenHash === 'string' && c.tokenHash === tokenHash)) {
        close(c);
      }
    }
  };

  const dispatch = (event: AppEvent) => {
    if (event.type === INTERNAL_EVENTS.sessionInvalidate) return endSessions(event.data);
    // Events may have been missed during a database outage: every tab refetches, as on connect.
    if (event.type === BUS_RESYNC) {
      for (const c of clients) write(c, frame({ type: RT_EVENTS.hello }));
      return;
    }
    if (INTERNAL_EVENT_TYPES.includes(event.type)) return;
    const chunk = frame(event);
    const at = now();
    forget(at);
    recent.push({ at, event, chunk });
    const targets = event.userIds ? new Set(event.userIds) : null;
    for (const c of clients) {
      if (targets ? targets.has(c.userId) : audience(event, c)) write(c, chunk);
    }
  };

  const unsubscribe = bus.subscribe(dispatch);
  const heartbeat = setInterval(() => {
    for (const c of clients) write(c, ': ping\n\n');
  }, options.heartbeatMs ?? RT_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /**
     * Starts streaming to an open response; the headers must not have been sent yet. `gapMs`:
     * the events this node sent in the last `gapMs` (≤ RT_REPLAY_MS) that the client may see
     * follow the hello, oldest first, before the live ones.
     */
    open(client: StreamClient, gapMs?: number) {
      const own = [...clients].filter((c) => c.userId === client.userId);
      if (own.length >= maxPerUser) close(own[0]!);
      client.res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold events back in their buffers.
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      client.res.socket?.setNoDelay(true);
      clients.add(client);
      client.res.on('close', () => clients.delete(client));
      client.res.write(`retry: ${RT_RETRY_MS}\n\n`);
      write(client, frame({ type: RT_EVENTS.hello }));
      if (gapMs === undefined) return;
      const from = now() - Math.min(gapMs, RT_REPLAY_MS);
      for (const r of recent) {
        if (r.at >= from && reaches(r.event, client)) write(client, r.chunk);
      }
    },

    /** Number of open streams (for tests and the bench). */
    size: () => clients.size,

    /** Ends every stream (app shutdown) and stops listening. */
    closeAll() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const c of [...clients]) close(c);
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
