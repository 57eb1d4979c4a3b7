import type { CurrentUser } from '@eproto/domain';
import { canAccess } from '@eproto/domain';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { whenIdle } from '../idle.ts';
import { useSession } from '../session.ts';
import { useOnline } from './use-outbox.ts';

export interface PrefetchContext {
  queryClient: QueryClient;
  user: CurrentUser;
}

/** One part of the person's world fetched when the app opens, kept for offline use. */
export interface PrefetchTask {
  /** What it fetches (for logs and tests). */
  name: string;
  /** The screen that shows it: skipped when the person's role cannot open that screen. */
  screen: string;
  run: (ctx: PrefetchContext) => Promise<unknown>;
}

/**
 * Fetches every task the person's role may see, side by side; one failing does not stop the
 * others (it is fetched again when its screen opens). Answers the names that ran.
 */
export async function prefetchOfflineWorld(
  ctx: PrefetchContext,
  tasks: readonly PrefetchTask[],
): Promise<{ ran: string[]; failed: string[] }> {
  const allowed = tasks.filter((t) => canAccess(ctx.user.rawType, t.screen));
  const results = await Promise.allSettled(allowed.map((t) => t.run(ctx)));
  return {
    ran: allowed.map((t) => t.name),
    failed: allowed.filter((_, i) => results[i]!.status === 'rejected').map((t) => t.name),
  };
}

/**
 * Rows of a list that are new or changed since the kept copy. Structural sharing keeps the
 * identity of every row whose content did not change, so a detail is fetched again only when
 * its row in the list changed (the agenda entry of an OS changes when its OS does).
 */
export function changedRows<T>(previous: readonly T[] | undefined, next: readonly T[]): T[] {
  if (!previous) return [...next];
  const kept = new Set(previous);
  return next.filter((row) => !kept.has(row));
}

/**
 * Fetches a list through its query (sync by cursor where it has one) and answers its rows
 * with those that changed since the kept copy.
 */
export async function fetchListChanges<D, T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<D, Error, D, K, never>,
  rows: (data: D) => readonly T[],
): Promise<{ all: readonly T[]; changed: T[] }> {
  const before = queryClient.getQueryData<D>(options.queryKey);
  await queryClient.fetchQuery({ ...options, staleTime: 0 });
  const after = queryClient.getQueryData<D>(options.queryKey);
  const all = after === undefined ? [] : rows(after);
  return { all, changed: changedRows(before === undefined ? undefined : rows(before), all) };
}

/** A detail fetched when its row changed, or when it is not kept yet. */
export function prefetchDetail<D, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<D, Error, D, K, never>,
  changed: boolean,
): Promise<void> {
  return queryClient.prefetchQuery({ ...options, staleTime: changed ? 0 : Infinity });
}

/** No query of the opened screen running for this long: its first data has arrived. */
const QUIET_MS = 300;
/** The prefetch waits at most this long for the screen (a screen that keeps polling). */
const MAX_WAIT_MS = 8_000;

/**
 * Resolves once the opened screen has painted with its own data: the page has loaded and no
 * query ran for QUIET_MS, then when the main thread is idle; at the latest after MAX_WAIT_MS.
 * The week's prefetch (~15 requests and its code) used to start with the shell, competing with
 * the screen's own scripts and requests on a phone's link (issue 33).
 */
export function whenScreenSettled(
  queryClient: QueryClient,
  { quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS } = {},
): Promise<void> {
  return new Promise((resolve) => {
    let quiet = 0;
    const finish = () => {
      unsubscribe();
      window.removeEventListener('load', check);
      window.clearTimeout(quiet);
      window.clearTimeout(cap);
      whenIdle(() => resolve());
    };
    function check() {
      window.clearTimeout(quiet);
      if (document.readyState === 'complete' && queryClient.isFetching() === 0)
        quiet = window.setTimeout(finish, quietMs);
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    const cap = window.setTimeout(finish, maxWaitMs);
    window.addEventListener('load', check);
    check();
  });
}

/** Who the world was fetched for in this app session (once per opening, per person). */
let fetchedFor: number | null = null;

/**
 * Fetches the person's world once when the app opens with signal (or when the signal first
 * returns), after the kept cache was read back from IndexedDB, so lists that sync by cursor
 * ask only for what changed, and after the opened screen has its data (whenScreenSettled).
 * Mounted once, in the signed-in shell; `load` imports the tasks (their fetchers stay out of
 * the JavaScript a screen needs to paint).
 */
export function useOfflinePrefetch(load: () => Promise<readonly PrefetchTask[]>): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const online = useOnline();
  const restoring = useIsRestoring();
  useEffect(() => {
    if (!user || !online || restoring || fetchedFor === user.id) return;
    fetchedFor = user.id;
    void whenScreenSettled(queryClient)
      .then(load)
      .then((tasks) => prefetchOfflineWorld({ queryClient, user }, tasks));
  }, [user, online, restoring, queryClient, load]);
}
