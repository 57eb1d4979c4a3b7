import { parseRealtimeMessage, type RealtimeMessage } from '@eproto/domain';

import { api } from './api-client.ts';

type Listener = (message: RealtimeMessage) => void;
type StatusListener = (connected: boolean) => void;

const EVENTS_URL = '/api/events';
const MAX_BACKOFF_MS = 30_000;

const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let connected = false;

function setConnected(next: boolean) {
  if (connected === next) return;
  connected = next;
  for (const fn of statusListeners) fn(next);
}

function scheduleReconnect() {
  if (retryTimer || listeners.size === 0) return;
  failures += 1;
  const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(failures, 5));
  retryTimer = setTimeout(() => {
    retryTimer = null;
    open();
  }, delay);
  // A stream refused outright may mean the session ended: one ordinary call lets the API
  // client run its 401 handling (logout and redirect) in the single place that owns it.
  if (failures === 1) void api.get('/users/me').catch(() => undefined);
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(EVENTS_URL, { withCredentials: true });
  source = es;
  es.onmessage = (event: MessageEvent<string>) => {
    const message = parseRealtimeMessage(event.data);
    if (!message) return;
    failures = 0;
    setConnected(true);
    for (const fn of listeners) fn(message);
  };
  es.onerror = () => {
    setConnected(false);
    // CONNECTING: the browser retries by itself (server's `retry:` hint). CLOSED: it gave up
    // (HTTP error, proxy answer), so we reconnect with backoff ourselves.
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    if (source === es) source = null;
    scheduleReconnect();
  };
}

function shutdown() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  failures = 0;
  setConnected(false);
}

/**
 * Listens to the tab's push channel (GET /api/events). The first listener opens the one
 * EventSource of the tab; the last one to leave closes it. Returns the unsubscribe function.
 */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) shutdown();
  };
}

/** Hears whether the push channel is up (true) or down (polling only). */
export function onRealtimeStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether the push channel is up right now. */
export function isRealtimeConnected(): boolean {
  return connected;
}
