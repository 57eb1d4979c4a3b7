import type { DehydratedState, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { dehydrate, hydrate, QueryCache } from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

import { whenIdle } from '../idle.ts';

/**
 * Query key prefixes kept on the device (IndexedDB) and shown offline: the technician's world.
 * Extend it with a feature's prefix (service orders: ['service-orders']) and its queries are
 * kept too; keys are matched from their start.
 */
export const OFFLINE_QUERY_PREFIXES: readonly QueryKey[] = [
  ['session'],
  ['agenda'],
  ['epi'],
  ['murals', 'summary'],
  ['murals', 'detail'],
  ['protocols', 'detail'],
  ['chat'],
  ['contract-chat'],
  ['service-orders'],
  ['notifications'],
  // The field pickers (components/pickers/keys.ts): the OS team and materials offline.
  ['people', 'picker'],
  ['inventory', 'picker'],
  ['fleet', 'picker'],
  ['contracts', 'picker'],
  ['contracts', 'access'],
  // What Meus EPIs and the OS render under their lists (issue 33: fetched with a skeleton on
  // every visit): one's own trainings, ASO and CNH, the APRs waiting for one's signature, PTs.
  ['sst', 'worker', 'me'],
  ['apr-pt', 'aprs'],
  ['apr-pt', 'pts'],
];

/** How long kept data may be shown offline. */
export const OFFLINE_MAX_AGE_MS = 7 * 86_400_000;

/** True when a query key starts with one of the kept prefixes. */
export function keptOffline(queryKey: QueryKey): boolean {
  return OFFLINE_QUERY_PREFIXES.some(
    (prefix) =>
      prefix.length <= queryKey.length &&
      prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(queryKey[i])),
  );
}

let store: ReturnType<typeof createStore> | null = null;
const cacheStore = () => (store ??= createStore('eproto-cache', 'queries'));
const CLIENT_KEY = 'query-client';
const SAVE_EVERY_MS = 300;

/** A cache to write, or how to take it (dehydrated only when written: keepSaving). */
type PendingClient = PersistedClient | (() => PersistedClient);

/**
 * Writes the cache at most every 300 ms (every query event would rewrite it otherwise), when the
 * main thread is next idle (the structured clone of the whole cache is main-thread work: issue
 * 33), and at once when the page goes away or to the background (`pagehide`,
 * `visibilitychange` to hidden: a phone may kill a background tab without any `pagehide`), so
 * data that just arrived is not lost with a quick reload.
 */
function throttledSave() {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: PendingClient | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = typeof latest === 'function' ? latest() : latest;
    latest = null;
    if (client) void set(CLIENT_KEY, client, cacheStore()).catch(() => undefined);
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', write);
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') write();
    });
  }
  return (client: PendingClient) => {
    latest = client;
    timer ??= setTimeout(() => whenIdle(write), SAVE_EVERY_MS);
  };
}

const saveLater = throttledSave();

/**
 * The read of the kept cache that public/theme-init.js started before the app's scripts had
 * arrived, taken once (a later restore reads IndexedDB again).
 */
function takeEarlyRead(): Promise<PersistedClient | undefined> | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { __eprotoKeptCache?: Promise<PersistedClient | undefined> };
  const early = w.__eprotoKeptCache;
  delete w.__eprotoKeptCache;
  return early;
}

/** Restores the kept cache: the early read when there is one, else (or if it failed) IndexedDB. */
async function restoreKept(): Promise<PersistedClient | undefined> {
  const early = takeEarlyRead();
  if (early) {
    try {
      return await early;
    } catch {
      // The early read failed (blocked, private mode): ask through idb-keyval below.
    }
  }
  return get<PersistedClient>(CLIENT_KEY, cacheStore());
}

/** The IndexedDB persister of the query cache (idb-keyval, structured clone: no JSON cost). */
export const idbPersister: Persister = {
  persistClient: saveLater,
  restoreClient: restoreKept,
  removeClient: () => del(CLIENT_KEY, cacheStore()),
};

/** Removes the kept cache from the device (sign-out, expired session). */
export async function forgetOfflineCache(): Promise<void> {
  try {
    await del(CLIENT_KEY, cacheStore());
  } catch {
    // No IndexedDB here (private mode, tests): nothing was kept either.
  }
}

/**
 * Kept: successful answers of the kept prefixes, except "nobody signed in". A kept `null`
 * session came back on the next load as a fresh answer, so the route guard sent a person who
 * had just signed in to /login, whose probe sent them back, for ever (the write of the signed-in
 * session could be lost with the page that signed in).
 */
export const keepSuccess = (query: Query) =>
  query.state.status === 'success' &&
  keptOffline(query.queryKey) &&
  !(query.queryKey[0] === 'session' && query.state.data == null);

/** Options of the kept cache (restoreKeptCache). Bump `buster` when a kept response changes shape. */
const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: idbPersister,
  maxAge: OFFLINE_MAX_AGE_MS,
  buster: 'offline-v1',
  dehydrateOptions: { shouldDehydrateQuery: keepSuccess },
};

/** Kept queries stay in memory as long as they may be shown offline (default is 5 minutes). */
export function keepOfflineQueries(queryClient: QueryClient): void {
  for (const prefix of OFFLINE_QUERY_PREFIXES) {
    queryClient.setQueryDefaults(prefix, { gcTime: OFFLINE_MAX_AGE_MS });
  }
}

let restoring = true;
const restoreListeners = new Set<() => void>();

const CACHE_EVENTS = new Set(['added', 'removed', 'updated']);

/**
 * Saves the cache as it changes, like persistQueryClientSubscribe, without its cost: that one
 * dehydrates the whole cache on every event of every query (each fetch is several), ~15
 * prefetched queries after each screen (issue 33). Here only kept queries' events count, and
 * the cache is dehydrated once per write (throttledSave), not once per event.
 */
function keepSaving(queryClient: QueryClient) {
  const snapshot = (): PersistedClient => ({
    buster: persistOptions.buster ?? '',
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, persistOptions.dehydrateOptions),
  });
  const cache = queryClient.getQueryCache();
  // A kept query entering the cache (KeptQueryCache) is already saved as it is.
  const fromKept = () => cache instanceof KeptQueryCache && cache.addingKept;
  cache.subscribe((event) => {
    if (fromKept()) return;
    if (CACHE_EVENTS.has(event.type) && keptOffline((event.query as Query).queryKey))
      saveLater(snapshot);
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (CACHE_EVENTS.has(event.type)) saveLater(snapshot);
  });
}

type KeptQuery = DehydratedState['queries'][number];

/**
 * The app's query cache: a kept query (IndexedDB) enters it when it is first asked for, not all
 * of them before the first render. A second visit restored the whole kept world before React
 * started (~40 queries for a technician after the offline prefetch: the week, each of its OS,
 * demands, chats, materials), while the opened screen asks for a few (issue 33). A lookup by
 * key (`get`: useQuery, getQueryData, setQueryData, fetchQuery) takes its kept query first; a
 * walk over the cache (`getAll`: invalidate, find, dehydrate, isFetching) takes all of them
 * first, so nothing ever misses a kept query; `restoreRestOfKeptCache` takes the rest once the
 * screen has rendered.
 */
export class KeptQueryCache extends QueryCache {
  #waiting = new Map<string, KeptQuery>();
  #client: QueryClient | null = null;
  #adding = false;

  /** True while kept queries are being added: nothing new to save (keepSaving). */
  get addingKept(): boolean {
    return this.#adding;
  }

  #add(queries: KeptQuery[]): void {
    this.#adding = true;
    try {
      hydrate(this.#client!, { queries, mutations: [] });
    } finally {
      this.#adding = false;
    }
  }

  /** Kept queries to add on demand (restoreKeptCache). */
  keep(client: QueryClient, queries: readonly KeptQuery[]): void {
    this.#client = client;
    for (const query of queries) this.#waiting.set(query.queryHash, query);
  }

  /** How many kept queries have not entered the cache yet. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Adds every kept query still waiting. */
  takeAllKept(): void {
    if (!this.#waiting.size || !this.#client) return;
    const queries = [...this.#waiting.values()];
    this.#waiting.clear();
    this.#add(queries);
  }

  override get<
    TQueryFnData = unknown,
    TError = Error,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
  >(queryHash: string) {
    const kept = this.#waiting.get(queryHash);
    if (kept && this.#client) {
      this.#waiting.delete(queryHash); // hydrate looks it up here again
      this.#add([kept]);
    }
    return super.get<TQueryFnData, TError, TData, TQueryKey>(queryHash);
  }

  override getAll() {
    this.takeAllKept();
    return super.getAll();
  }

  override clear(): void {
    this.#waiting.clear();
    super.clear();
  }
}

/** A kept cache that may be restored: not expired, same shape (`buster`). */
function usable(kept: PersistedClient | undefined): kept is PersistedClient {
  return (
    !!kept?.timestamp &&
    Date.now() - kept.timestamp <= OFFLINE_MAX_AGE_MS &&
    kept.buster === persistOptions.buster
  );
}

/**
 * Restores the kept cache into `queryClient` (the early read of theme-init.js when there is one),
 * then keeps it saved as the cache changes: what PersistQueryClientProvider did in an effect
 * after React's first render, started here before it (src/main.tsx), so a second visit renders
 * the screen from the kept data in its first render (issue 33). With a KeptQueryCache only the
 * queries the screen asks for are added before it renders; the rest wait for
 * restoreRestOfKeptCache or the first walk over the cache. An expired, older-shaped or unreadable
 * cache is removed, as persistQueryClientRestore did. Never rejects.
 */
export async function restoreKeptCache(queryClient: QueryClient): Promise<void> {
  try {
    const kept = await idbPersister.restoreClient();
    if (kept && usable(kept)) {
      const cache = queryClient.getQueryCache();
      if (cache instanceof KeptQueryCache) {
        cache.keep(queryClient, kept.clientState.queries);
        hydrate(queryClient, { queries: [], mutations: kept.clientState.mutations });
      } else hydrate(queryClient, kept.clientState);
    } else if (kept) await idbPersister.removeClient();
  } catch {
    await Promise.resolve(idbPersister.removeClient()).catch(() => undefined);
  }
  restoring = false;
  for (const listener of restoreListeners) listener();
  keepSaving(queryClient);
}

/** Adds the kept queries the first render did not ask for (src/main.tsx, once idle after it). */
export function restoreRestOfKeptCache(queryClient: QueryClient): void {
  const cache = queryClient.getQueryCache();
  if (cache instanceof KeptQueryCache) cache.takeAllKept();
}

/** True until restoreKeptCache has finished: queries wait for it before fetching (useIsRestoring). */
export function useKeptCacheRestoring(): boolean {
  return useSyncExternalStore(
    (listener) => {
      restoreListeners.add(listener);
      return () => restoreListeners.delete(listener);
    },
    () => restoring,
    () => restoring,
  );
}
