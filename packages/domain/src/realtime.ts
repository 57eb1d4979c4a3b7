/**
 * Push channel contract (GET /api/events, Server-Sent Events). Every message is one JSON
 * object `{ type, data }` on the default "message" event; payloads only name what changed
 * (ids), and the tab refetches what it shows.
 */
export const RT_EVENTS = {
  /** First message of every stream: the tab is connected (refetch what may have been missed). */
  hello: 'hello',
  notification: 'notification',
  notificationRead: 'notification.read',
  /** A direct message was sent: data { from, to, messageId }. */
  chatMessage: 'chat.message',
  /** A direct conversation was read: data { reader, other }. */
  chatRead: 'chat.read',
  /** A contract room got a message: data { chatId, messageId, from }. */
  contractChatMessage: 'contract-chat.message',
  contractChatRead: 'contract-chat.read',
  muralChanged: 'mural.changed',
  protocolChanged: 'protocol.changed',
  reviewsChanged: 'reviews.changed',
  /** A service order changed (any step): data { id, status }. */
  serviceOrderChanged: 'service-order.changed',
} as const;

/** Event types used between server nodes only; never written to a browser stream. */
export const INTERNAL_EVENT_TYPES: readonly string[] = ['session.invalidate', 'bus.resync'];

/** Server's reconnect hint to EventSource (the `retry:` field), in milliseconds. */
export const RT_RETRY_MS = 3_000;

/** Comment line written to every open stream this often, so proxies keep it open. */
export const RT_HEARTBEAT_MS = 20_000;

/** One message received on the push channel. */
export interface RealtimeMessage {
  type: string;
  data?: Record<string, unknown>;
}

/** Parses the data line of a push message; null when it is not a `{ type }` object. */
export function parseRealtimeMessage(raw: string): RealtimeMessage | null {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { type, data } = value as { type?: unknown; data?: unknown };
    if (typeof type !== 'string' || type === '') return null;
    const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
    return isObject ? { type, data: data as Record<string, unknown> } : { type };
  } catch {
    return null;
  }
}
