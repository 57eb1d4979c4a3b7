/**
 * Push channel contract (GET /api/events, Server-Sent Events). Every message is one JSON
 * object `{ type, id?, version?, origin?, data? }` on the default "message" event: `type` is one
 * of RT_EVENTS, `id` the object that changed, `version` its `updated_at` after the change (when
 * the event is about one row that has one), `origin` the tab whose write caused it (its
 * `X-Origin` header), so that tab skips it. The tab updates what it shows from the type
 * (apps/web/src/lib/change-effects.ts).
 */
export const RT_EVENTS = {
  /** First message of every stream: the tab is connected (refetch what may have been missed). */
  hello: 'hello',
  notification: 'notification',
  notificationRead: 'notification.read',
  /** A direct message was sent: data ChatMessageEventData (chat.ts). */
  chatMessage: 'chat.message',
  /** A direct conversation was read: data ChatReadEventData (chat.ts). */
  chatRead: 'chat.read',
  /** A contract room got a message: data RoomMessageEventData (chat.ts). */
  contractChatMessage: 'contract-chat.message',
  /** The caller read a contract room (to them only): data { chatId }. */
  contractChatRead: 'contract-chat.read',
  /**
   * A demand changed (fields, stage, participants): id, version = its updated_at, data
   * { id, board_id?, part?, move? } (move: a kanban move, mural-move.ts).
   */
  muralChanged: 'mural.changed',
  /** The caller opened a demand (its unread mark went off): id. */
  muralViewed: 'mural.viewed',
  /** Tasks of a demand changed: data { ids, mural_id }. */
  protocolChanged: 'protocol.changed',
  reviewsChanged: 'reviews.changed',
  /** A board (name, participants) changed: id. */
  boardChanged: 'board.changed',
  /**
   * A service order changed (any step): id, version = its updated_at (every write of the OS or
   * of what hangs from it moves it in its transaction), data { id, status, agenda_entry_id }.
   * A message, file or note of its thread: no version, data { id, status, part } (ThreadPart).
   */
  serviceOrderChanged: 'service-order.changed',
  /**
   * Agenda entries changed: data { ids } (the entries whose card changed: the one written and
   * the bookings whose conflicts moved; none past 50); a write of one entry also gives its id
   * and version (its updated_at after the write).
   */
  agendaChanged: 'agenda.changed',
  /**
   * An asset changed (fields, files, hour meter): id, version = its updated_at, data
   * { id, contract_id, part? } (part: 'files' | 'meter' | 'os'). An import: version (the new
   * rows' updated_at), data { contract_id, ids }. A type of asset: no version, data
   * { part: 'types' } (the lists show the type's name: read again).
   */
  assetsChanged: 'assets.changed',
  /** A contract created or edited (to who sees it), or a person linked or unlinked (to them). */
  contractsChanged: 'contracts.changed',
  /**
   * An EPI delivery or catalogue item changed: id, version = its `updated_at` as the lists show
   * it, data EpiChangeData (epi.ts); only to the delivery's person and who manages EPIs (an
   * item's to its holders when what their deliveries show changed).
   */
  epiChanged: 'epi.changed',
  financeChanged: 'finance.changed',
  /**
   * A vehicle changed (itself, or its maintenance, fuel, check-out/in, km): id, version = its
   * updated_at (each of those writes moves it in its transaction), data { id }.
   */
  fleetChanged: 'fleet.changed',
  /**
   * An inventory item changed (edit, movement, an OS's material): id, version = its updated_at,
   * data { id }.
   */
  inventoryChanged: 'inventory.changed',
  requestsChanged: 'requests.changed',
  sstChanged: 'sst.changed',
  supportChanged: 'support.changed',
  /**
   * Someone is editing or moving a demand (presence.ts): id = the demand, data PresenceData.
   * Repeated every PRESENCE_HEARTBEAT_MS while it lasts; gone with `ativo: false` or when
   * PRESENCE_TTL_MS pass without one (the tab closed).
   */
  presence: 'presence',
} as const;

/** A type of message a browser tab may receive. */
export type RealtimeEventType = (typeof RT_EVENTS)[keyof typeof RT_EVENTS];

/** Event types used between server nodes only; never written to a browser stream. */
export const INTERNAL_EVENTS = {
  /** A session (data.tokenHash) or every session of a person (data.userId) ended. */
  sessionInvalidate: 'session.invalidate',
  /** This node's LISTEN connection came back: events of other nodes may have been missed. */
  busResync: 'bus.resync',
} as const;

export type InternalEventType = (typeof INTERNAL_EVENTS)[keyof typeof INTERNAL_EVENTS];

export const INTERNAL_EVENT_TYPES: readonly string[] = Object.values(INTERNAL_EVENTS);

const EVENT_TYPES: ReadonlySet<string> = new Set(Object.values(RT_EVENTS));

/** Whether a string names one of RT_EVENTS. */
export function isRealtimeEventType(type: string): type is RealtimeEventType {
  return EVENT_TYPES.has(type);
}

/**
 * How long each server node keeps the events it sent, to send them again to a stream that
 * opens late (GET /api/events?gap_ms=): a tab reads its screens before its stream opens.
 */
export const RT_REPLAY_MS = 60_000;

/** Server's reconnect hint to EventSource (the `retry:` field), in milliseconds. */
export const RT_RETRY_MS = 3_000;

/** Comment line written to every open stream this often, so proxies keep it open. */
export const RT_HEARTBEAT_MS = 20_000;

/**
 * Header of every write the web sends: the id of the tab (random, per page load). Events the
 * write causes before its answer carry it as `origin`, and the same changes come back in the
 * answer's CHANGES_HEADER, so the tab applies them once, from the answer.
 */
export const ORIGIN_HEADER = 'x-origin';

/**
 * Header of a write's answer: JSON array of the changes `{ type, id?, version?, data? }` the write
 * published before answering, to the caller's own tabs, with the caller's origin. Absent when
 * there were none.
 */
export const CHANGES_HEADER = 'x-changes';

const ORIGIN_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** Whether a header value is a well-formed tab id (anything else is ignored, never an error). */
export function isOriginId(value: unknown): value is string {
  return typeof value === 'string' && ORIGIN_PATTERN.test(value);
}

/** What changed: a push message without its origin (also listed in CHANGES_HEADER). */
export interface RealtimeChange {
  type: RealtimeEventType;
  id?: number;
  version?: string;
  data?: Record<string, unknown>;
}

/** One message received on the push channel. */
export interface RealtimeMessage extends RealtimeChange {
  origin?: string;
}

function changeOf(value: unknown): RealtimeChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, id, version, data } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !isRealtimeEventType(type)) return null;
  const change: RealtimeChange = { type };
  if (typeof id === 'number' && Number.isSafeInteger(id)) change.id = id;
  if (typeof version === 'string' && version.length <= 40) change.version = version;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    change.data = data as Record<string, unknown>;
  }
  return change;
}

/** Parses the data line of a push message; null when it is not a known `{ type }` object. */
export function parseRealtimeMessage(raw: string): RealtimeMessage | null {
  try {
    const value = JSON.parse(raw) as unknown;
    const change = changeOf(value);
    if (!change) return null;
    const { origin } = value as { origin?: unknown };
    const message: RealtimeMessage = change;
    if (isOriginId(origin)) message.origin = origin;
    return message;
  } catch {
    return null;
  }
}

/** Parses CHANGES_HEADER of a write's answer; unknown or malformed entries are left out. */
export function parseChangesHeader(raw: string | null | undefined): RealtimeChange[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    return value.map(changeOf).filter((c): c is RealtimeChange => c !== null);
  } catch {
    return [];
  }
}
