import {
  parseRealtimeMessage,
  RT_EVENTS,
  RT_REPLAY_MS,
  type RealtimeMessage,
} from '@eproto/domain';

import { api } from './api-client.ts';

type Listener = (message: RealtimeMessage) => void;

/**
 * What the tabs of a browser say on the channel: the tab holding the stream relays each event
 * and its status; a tab that joins asks it for what it relayed since the tab began (`replay`)
 * and gets it in one answer (`replayed`, to the asker's `nonce`).
 */
type Relay =
  | { kind: 'message'; message: RealtimeMessage }
  | { kind: 'status'; connected: boolean }
  | { kind: 'replay'; since: number; nonce: string }
  | { kind: 'replayed'; nonce: string; messages: RealtimeMessage[] };

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
// When this tab last heard the server (by its own clock): at first, when it began loading, for
// its screens were read from then on. A stream opened later asks the server for the events of
// that gap (GET /api/events?gap_ms=), and a tab that joins the stream of another asks that tab.
let lastHeard = typeof performance !== 'undefined' ? performance.timeOrigin : Date.now();
// The events this tab relayed in the last RT_REPLAY_MS, oldest first (the tab holding the stream).
let relayed: Array<{ at: number; message: RealtimeMessage }> = [];
// While this tab waits for its replay: its nonce and the events heard meanwhile (not twice).
let replaying: { nonce: string; heard: Set<string> } | null = null;

function deliver(message: RealtimeMessage) {
  lastHeard = Date.now();
  // Heard while the replay is on its way (a few ms): not delivered twice. Bounded, in case no
  // tab answers (this tab took the stream itself meanwhile).
  if (replaying && replaying.heard.size < 1_000) replaying.heard.add(JSON.stringify(message));
  else replaying = null;
  for (const fn of listeners) fn(message);
}

function remember(message: RealtimeMessage) {
  if (message.type === RT_EVENTS.hello) return;
  const at = Date.now();
  relayed = relayed.filter((r) => r.at >= at - RT_REPLAY_MS);
  relayed.push({ at, message });
}

/** The events the server sent since this tab last heard it, asked with the stream. */
function streamUrl() {
  const gap = Math.max(0, Math.round(Date.now() - lastHeard));
  // Older than what the server keeps: the first hello then counts as a reconnect (a refetch).
  if (gap > RT_REPLAY_MS) deliver({ type: RT_EVENTS.hello });
  return `${EVENTS_URL}?gap_ms=${Math.min(gap, RT_REPLAY_MS)}`;
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
  const es = new EventSource(streamUrl(), { withCredentials: true });
  source = es;
  es.onmessage = (event: MessageEvent<string>) => {
    const message = parseRealtimeMessage(event.data);
    if (!message) return;
    failures = 0;
    if (!connected) relay({ kind: 'status', connected: true });
    setConnected(true);
    relay({ kind: 'message', message });
    remember(message);
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
    const data = event.data;
    if (data.kind === 'replay') {
      if (source) relayFrom(data.since, data.nonce);
      return;
    }
    if (source) return; // the leader hears the server itself
    if (data.kind === 'status') setConnected(data.connected);
    else if (data.kind === 'message') deliver(data.message);
    else if (data.nonce === replaying?.nonce) receiveReplay(data.messages);
  };
  // The screens were read before this tab joined: what the stream's tab heard since then.
  replaying = { nonce: Math.random().toString(36).slice(2), heard: new Set() };
  relay({ kind: 'replay', since: lastHeard, nonce: replaying.nonce });
  const abort = new AbortController();
  leadership = abort;
  locks
    .request(LEADER_LOCK, { signal: abort.signal }, () => {
      replaying = null; // no tab held the stream: this one asks the server for the gap
      openSource();
      return new Promise<void>((resolve) => (stepDown = resolve));
    })
    .catch(() => undefined); // aborted while waiting for the lock
}

function relayFrom(since: number, nonce: string) {
  const messages = relayed.filter((r) => r.at >= since).map((r) => r.message);
  relay({ kind: 'replayed', nonce, messages });
}

function receiveReplay(messages: RealtimeMessage[]) {
  const heard = replaying?.heard ?? new Set<string>();
  replaying = null;
  for (const m of messages) if (!heard.has(JSON.stringify(m))) deliver(m);
}

function shutdown() {
  closeSource();
  leadership?.abort();
  leadership = null;
  stepDown?.();
  stepDown = null;
  channel?.close();
  channel = null;
  replaying = null;
  relayed = [];
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
