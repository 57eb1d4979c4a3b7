import type { QueryClient } from '@tanstack/react-query';

import type { ApiError } from '../api-error.ts';
import { handleUnauthorized } from '../api-client.ts';
import { isRealtimeConnected } from '../realtime.ts';
import { connectivity } from './connectivity.ts';
import { keepImagesAsBlobs } from './outbox-migrate.ts';
import { outboxStorage } from './outbox-store.ts';
import { sendOutboxItem, type SendOutcome } from './outbox-send.ts';
import type {
  OutboxGroup,
  OutboxItem,
  OutboxMeta,
  OutboxRequest,
  OutboxResult,
} from './outbox-types.ts';

/** What a screen hands to the outbox for one write. */
export interface OutboxInput extends OutboxRequest {
  kind: string;
  label: string;
  meta?: OutboxMeta;
  /** Related writes share one row of the Pendentes panel (photos of one OS). */
  group?: OutboxGroup;
  invalidate?: readonly (readonly unknown[])[];
  /**
   * The server announces what the write changed (a push event; lib/changes/change-effects.ts
   * applies it in every tab, this one too): `invalidate` is then refetched on a refusal only.
   */
  announced?: boolean;
  /** When the person did it (ISO), if not now: e.g. the moment the GPS was read. */
  deviceTime?: string;
  /**
   * The write sets a whole value (a PUT of a checklist answer): older writes to the same path
   * still waiting are dropped, so typing offline queues one write, not one per keystroke.
   */
  replaces?: boolean;
}

type Listener = () => void;
interface Waiter {
  resolve: (r: OutboxResult<unknown>) => void;
  reject: (e: ApiError) => void;
}

/** Wait before the next automatic attempt after a failed one: 5 s, 15 s, 30 s, then 60 s. */
const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000];

let items: OutboxItem[] = [];
let loaded: Promise<void> | null = null;
let userId: number | null = null;
let client: QueryClient | null = null;
let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let lastSyncAt: number | null = null;
let counter = 0;
const listeners = new Set<Listener>();
const waiters = new Map<string, Waiter>();
const channel =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('eproto-outbox') : null;

function emit() {
  items = [...items];
  for (const l of listeners) l();
}

function announce() {
  emit();
  channel?.postMessage('changed');
}

// Node (unit tests) would keep running for an open channel.
(channel as unknown as { unref?: () => void } | null)?.unref?.();
// Another tab queued or sent something: read the queue again.
channel?.addEventListener('message', () => void reload());

async function reload() {
  const all = await outboxStorage.all();
  items = all.sort((a, b) => a.seq - b.seq);
  emit();
}

function ensureLoaded(): Promise<void> {
  loaded ??= outboxStorage.all().then(async (all) => {
    for (const item of all) {
      // Written by an older version: its signature as a data URL becomes a Blob.
      let changed = keepImagesAsBlobs(item);
      // A write "sending" when the page closed did not finish here: the key makes resending safe.
      if (item.state === 'sending' || item.live) {
        item.state = item.state === 'sending' ? 'pending' : item.state;
        delete item.live;
        changed = true;
      }
      if (changed) await outboxStorage.put(item);
    }
    items = all.sort((a, b) => a.seq - b.seq);
    emit();
  });
  return loaded;
}

async function save(item: OutboxItem) {
  await outboxStorage.put(item);
  items = items.map((i) => (i.key === item.key ? item : i));
  announce();
}

async function drop(key: string) {
  await outboxStorage.remove(key);
  items = items.filter((i) => i.key !== key);
  announce();
}

/** Older waiting writes of the same value (same method and path) that a new one replaces. */
async function dropReplaced(input: OutboxInput, forUser: number) {
  const old = items.filter(
    (i) =>
      i.userId === forUser &&
      i.state === 'pending' &&
      i.method === input.method &&
      i.path === input.path,
  );
  for (const i of old) {
    await drop(i.key);
    waiters.get(i.key)?.resolve({ status: 'queued', key: i.key });
    waiters.delete(i.key);
  }
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function scheduleRetry() {
  if (retryTimer) return;
  const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void outbox.flush();
  }, wait);
}

/** Refetches what the write touches: after it was applied, or refused because it changed. */
function refresh(item: OutboxItem) {
  for (const queryKey of item.invalidate) void client?.invalidateQueries({ queryKey });
}

async function applied(item: OutboxItem, data: unknown) {
  await drop(item.key);
  lastSyncAt = Date.now();
  emit();
  waiters.get(item.key)?.resolve({ status: 'sent', data });
  waiters.delete(item.key);
  // An announced write's push event refreshes what it changed; with the stream down (back from
  // no signal, still reconnecting) that event never reaches this tab, so it refetches itself.
  if (!item.announced || !isRealtimeConnected()) refresh(item);
}

/** Handles one answer; false stops this round (no signal, server away, session ended). */
async function settle(item: OutboxItem, outcome: SendOutcome, interactive: boolean) {
  if (outcome.kind === 'ok') {
    await applied(item, outcome.data);
    return true;
  }
  const waiter = waiters.get(item.key);
  waiters.delete(item.key);
  if (outcome.kind === 'refused' && interactive && waiter) {
    // Refused right when it was made, with the person looking: an error like any other.
    await drop(item.key);
    waiter.reject(outcome.error);
    return true;
  }
  item.attempts += 1;
  delete item.live;
  if (outcome.kind === 'refused') {
    item.state = 'attention';
    item.refusal = { status: outcome.error.status, message: outcome.error.message };
    await save(item);
    waiter?.resolve({ status: 'queued', key: item.key });
    // The server refused because what is on screen changed meanwhile (entry cancelled, OS
    // sealed): show its current state beside the refusal, not the copy kept offline.
    refresh(item);
    return true;
  }
  item.state = 'pending';
  await save(item);
  waiter?.resolve({ status: 'queued', key: item.key });
  if (outcome.kind === 'unauthorized') handleUnauthorized(item.path, false);
  else scheduleRetry();
  return false;
}

async function round() {
  for (;;) {
    const next = items.find((i) => i.userId === userId && i.state === 'pending');
    if (!next || !isOnline()) return;
    const interactive = next.attempts === 0 && waiters.has(next.key);
    next.state = 'sending';
    await save(next);
    const outcome = await sendOutboxItem(next);
    if (!(await settle(next, outcome, interactive))) return;
    failures = 0;
  }
}

/** Runs one flush across tabs (Web Locks), so two tabs never send the same write together. */
async function exclusive(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  await locks.request('eproto-outbox-flush', fn);
}

/**
 * The offline outbox: every queued write is kept in IndexedDB with its Idempotency-Key, device
 * time and order, sent in order when there is signal (at once, when the signal returns, when
 * the app opens, and every few seconds after a failure), and removed only when the server
 * answered. A refusal (4xx) stays as "Precisa de atenção" until the person retries or discards
 * it; nothing is dropped silently.
 */
export const outbox = {
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  snapshot: () => items,
  lastSyncAt: () => lastSyncAt,

  /** Binds the outbox to the signed-in person and the query cache, and sends what waits. */
  async start(options: { userId: number | null; queryClient: QueryClient }) {
    userId = options.userId;
    client = options.queryClient;
    await ensureLoaded();
    if (userId !== null) await outbox.flush();
  },

  /** Queues a write; resolves with the server's answer, or "queued" when there is no signal. */
  async enqueue<T>(
    input: OutboxInput,
    forUser: number,
    queryClient?: QueryClient,
  ): Promise<OutboxResult<T>> {
    await ensureLoaded();
    // A write made before the shell started the outbox binds it to its author.
    userId ??= forUser;
    client ??= queryClient ?? null;
    if (input.replaces) await dropReplaced(input, forUser);
    counter += 1;
    const item: OutboxItem = {
      method: input.method,
      path: input.path,
      ...(input.body !== undefined && { body: input.body }),
      ...(input.blobs && { blobs: input.blobs }),
      ...(input.form && { form: input.form }),
      key: crypto.randomUUID(),
      seq: Date.now() * 1000 + (counter % 1000),
      userId: forUser,
      kind: input.kind,
      label: input.label,
      meta: input.meta ?? {},
      ...(input.group && { group: input.group }),
      deviceTime: input.deviceTime ?? new Date().toISOString(),
      state: 'pending',
      attempts: 0,
      ...(connectivity.online() && userId === forUser && { live: true }),
      invalidate: (input.invalidate ?? []).map((k) => [...k]),
      ...(input.announced && { announced: true }),
    };
    keepImagesAsBlobs(item);
    await outboxStorage.put(item);
    items = [...items, item];
    announce();
    if (userId !== forUser) return { status: 'queued', key: item.key };
    if (!connectivity.online()) {
      // The server was unreachable a moment ago: no waiting on a button; try in the background.
      if (isOnline()) void outbox.flush();
      return { status: 'queued', key: item.key };
    }
    const result = new Promise<OutboxResult<T>>((resolve, reject) => {
      waiters.set(item.key, { resolve: resolve as Waiter['resolve'], reject });
    });
    void outbox.flush();
    return result;
  },

  /** Sends every pending write of the signed-in person, in order; one round at a time. */
  flush(): Promise<void> {
    if (userId === null) return Promise.resolve();
    if (flushing) {
      again = true;
      return flushing;
    }
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    flushing = (async () => {
      try {
        do {
          again = false;
          await exclusive(async () => {
            // Another tab may have sent some meanwhile.
            await reload();
            await round();
          });
        } while (again);
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  },

  /** "Tentar de novo" on a refused write: back in the queue, sent now if there is signal. */
  async retry(key: string) {
    const item = items.find((i) => i.key === key);
    if (!item) return;
    item.state = 'pending';
    delete item.refusal;
    await save(item);
    await outbox.flush();
  },

  /** "Descartar": the person gives up a write (only by choice, never automatically). */
  async discard(key: string) {
    await drop(key);
  },

  /** Test helper: forgets everything held in memory (IndexedDB is left as it is). */
  resetForTests() {
    items = [];
    loaded = null;
    userId = null;
    client = null;
    flushing = null;
    failures = 0;
    lastSyncAt = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    waiters.clear();
    listeners.clear();
  },
};
