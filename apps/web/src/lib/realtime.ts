import { parseRealtimeMessage, type RealtimeMessage } from '@eproto/domain';

import { api } from './api-client.ts';

type Listener = (message: RealtimeMessage) => void;

/** What the tab holding the stream relays to the other tabs of the browser. */
type Relay = { kind: 'message'; message: RealtimeMessage } | { kind: 'status'; connected: boolean };

const EVENTS_URL = '/api/events';
const MAX_BACKOFF_MS = 30_000;
const CHANNEL = 'eproto-realtime';
const LEADER_LOCK = 'eproto-realtime-leader';

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let connected = false;
let channel: BroadcastChannel | null = null;
let leadership: AbortController | null = null;
let stepDown: (() => void) | null = null;

function deliver(message: RealtimeMessage) {
  for (const fn of listeners) fn(message);
}

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
}

function relay(data: Relay) {
  channel?.postMessage(data);
}

function scheduleReconnect() {
  if (retryTimer || listeners.size === 0) return;
  failures += 1;
  const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(failures, 5));
  retryTimer = setTimeout(() => {
    retryTimer = null;
    openSource();
  }, delay);
  // A stream refused outright may mean the session ended: one ordinary call lets the API
  // client run its 401 handling (logout and redirect) in the single place that owns it.
  if (failures === 1) void api.get('/users/me').catch(() => undefined);
}

function openSource() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(EVENTS_URL, { withCredentials: true });
  source = es;
  es.onmessage = (event: MessageEvent<string>) => {
    const message = parseRealtimeMessage(event.data);
    if (!message) return;
    failures = 0;
    if (!connected) relay({ kind: 'status', connected: true });
    setConnected(true);
    relay({ kind: 'message', message });
    deliver(message);
  };
  es.onerror = () => {
    if (connected) relay({ kind: 'status', connected: false });
    setConnected(false);
    // CONNECTING: the browser retries by itself (server's `retry:` hint). CLOSED: it gave up
    // (HTTP error, proxy answer), so we reconnect with backoff ourselves.
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    if (source === es) source = null;
    scheduleReconnect();
  };
}

function closeSource() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  failures = 0;
}

/**
 * Several tabs of one browser share one stream: the tab holding the Web Lock opens it and
 * relays each event to the others over a BroadcastChannel (browsers allow only ~6 HTTP/1.1
 * connections per site, so one stream per tab would stall the app at the seventh tab). When
 * that tab closes, the lock passes to another tab, which opens the stream. Browsers without
 * Web Locks or BroadcastChannel keep one stream per tab.
 */
function start() {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    openSource();
    return;
  }
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Relay>) => {
    if (source) return; // the leader hears the server itself
    if (event.data.kind === 'status') setConnected(event.data.connected);
    else deliver(event.data.message);
  };
  const abort = new AbortController();
  leadership = abort;
  locks
    .request(LEADER_LOCK, { signal: abort.signal }, () => {
      openSource();
      return new Promise<void>((resolve) => (stepDown = resolve));
    })
    .catch(() => undefined); // aborted while waiting for the lock
}

function shutdown() {
  closeSource();
  leadership?.abort();
  leadership = null;
  stepDown?.();
  stepDown = null;
  channel?.close();
  channel = null;
  setConnected(false);
}

/**
 * Listens to the push channel (GET /api/events). The first listener of the tab starts it; the
 * last one to leave stops it. Returns the unsubscribe function.
 */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) shutdown();
  };
}

/** Whether the push channel is up right now. */
export function isRealtimeConnected(): boolean {
  return connected;
}
