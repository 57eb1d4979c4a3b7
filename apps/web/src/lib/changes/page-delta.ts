import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** One page of a paged list as cached (the rows and the list's total). */
export interface HeldPage<T extends { id: number }> {
  items: T[];
  total: number;
}

/** What a `…/changes` route answers for one page: its ids now, its rows changed since. */
export interface PageDelta<T extends { id: number }> {
  items: T[];
  ids: number[];
  total: number;
  cursor: string;
}

/**
 * The page with the changes in, in the order of `ids` (changed rows from the answer, the
 * others as held); null when the page now shows a row the tab does not hold (one pushed in
 * unchanged from the next page): then the page is read again.
 */
export function mergePage<T extends { id: number }>(
  page: HeldPage<T>,
  changes: PageDelta<T>,
): HeldPage<T> | null {
  const changed = new Map(changes.items.map((m) => [m.id, m]));
  const held = new Map(page.items.map((m) => [m.id, m]));
  const items: T[] = [];
  for (const id of changes.ids) {
    const m = changed.get(id) ?? held.get(id);
    if (!m) return null;
    items.push(m);
  }
  return { items, total: changes.total };
}

/** The numbers of a change's `data.ids` (the rows it names), anything else left out. */
export function changedIds(data: Record<string, unknown> | undefined): number[] {
  const raw = data?.ids;
  return Array.isArray(raw) ? raw.filter((x): x is number => typeof x === 'number') : [];
}

/**
 * Whether a page already shows every row `ids` names in `version` or later (the tab whose
 * write put the answer in): such a page asks nothing. False when `ids` is empty.
 */
export function showsVersion(ids: number[], version: string) {
  return (page: HeldPage<{ id: number; updated_at: string }>): boolean =>
    ids.length > 0 &&
    ids.every((id) => {
      const row = page.items.find((x) => x.id === id);
      return row !== undefined && Date.parse(row.updated_at) >= Date.parse(version);
    });
}

/**
 * How a cached value is seen as a page: the paged lists cache a HeldPage as it is (the
 * default); a list cached as a bare array (a demand's tasks tab) is read and written through
 * `arrayView`.
 */
export interface PageView<T extends { id: number }> {
  read: (data: unknown) => HeldPage<T>;
  write: (page: HeldPage<T>) => unknown;
}

const heldView = <T extends { id: number }>(): PageView<T> => ({
  read: (data) => data as HeldPage<T>,
  write: (page) => page,
});

/** A list cached as a bare array of rows, seen as a page of all of them. */
export function arrayView<T extends { id: number }>(): PageView<T> {
  return {
    read: (data) => ({ items: data as T[], total: (data as T[]).length }),
    write: (page) => page.items,
  };
}

/** Per page being patched (by query hash): the oldest version still to ask, while one is out. */
const pending = new WeakMap<QueryClient, Map<string, string | null>>();

/** Patches one cached query from `since`; false when it must be read whole instead. */
type Apply = (queryKey: QueryKey, since: string) => Promise<boolean>;

async function patchQuery(queryClient: QueryClient, query: Query, since: string, apply: Apply) {
  const pages = pending.get(queryClient) ?? new Map<string, string | null>();
  pending.set(queryClient, pages);
  const hash = query.queryHash;
  if (pages.has(hash)) {
    const waiting = pages.get(hash);
    if (!waiting || Date.parse(since) < Date.parse(waiting)) pages.set(hash, since);
    return;
  }
  pages.set(hash, null);
  const queryKey = query.queryKey;
  let next: string | null = since;
  try {
    while (next) {
      if (!(await apply(queryKey, next))) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
        return;
      }
      next = pages.get(hash) ?? null;
      pages.set(hash, null);
    }
  } catch {
    // The changes could not be read (or the version was refused): the whole page, as before.
    void queryClient.invalidateQueries({ queryKey, exact: true });
  } finally {
    pages.delete(hash);
  }
}

/**
 * Patches every cached query under `prefix` from a change at `since`: each one on screen is
 * patched by `apply` instead of being read again; one request per query at a time, changes
 * heard meanwhile asked once from the oldest `since`; a failure (or `apply` answering false)
 * reads it whole. One that already shows the change (`shows`) is left alone; one kept but not
 * on screen is marked stale. `since` may depend on what the query holds (`sinceOf`). `local`
 * works out what the query holds after the change from the event alone (a kanban move's
 * data.move): its answer is put in the cache and nothing is asked (the same data: nothing
 * changes on it); undefined asks. It is not tried while a request of that query is out (its
 * answer could be older than the change).
 */
export async function patchQueries(
  queryClient: QueryClient,
  options: {
    prefix: QueryKey;
    /** Only the query of `prefix` itself, not those under it. */
    exact?: boolean;
    since?: string;
    sinceOf?: (data: unknown) => string | undefined;
    apply: Apply;
    shows?: (data: unknown) => boolean;
    local?: (data: unknown, queryKey: QueryKey) => unknown;
  },
): Promise<void> {
  const { prefix, exact = false, apply, shows, local, sinceOf = () => options.since } = options;
  const work: Promise<void>[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix, exact })) {
    const data = query.state.data;
    if (data === undefined || shows?.(data)) continue;
    if (!query.isActive()) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, refetchType: 'none' });
      continue;
    }
    const since = sinceOf(data);
    // Being patched (its read may be that patch's own): the change is asked after it.
    const patching = pending.get(queryClient)?.has(query.queryHash) === true;
    // A whole read begun before the change would overwrite the patch: read it again instead.
    if ((query.state.fetchStatus === 'fetching' && !patching) || since === undefined) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const next = patching ? undefined : local?.(data, query.queryKey);
    if (next !== undefined) {
      if (next !== data) queryClient.setQueryData(query.queryKey, next);
      continue;
    }
    work.push(patchQuery(queryClient, query, since, apply));
  }
  await Promise.all(work);
}

/**
 * The page of one row (an OS, an agenda entry: `queryKey`, exactly) after a change of that row
 * at `version`: it asks nothing when it already shows that version or a later one
 * (`versionOf`: its `updated_at`; the tab whose write put the answer in), and is read again
 * once otherwise, through patchQueries: changes heard while that read is out are read once
 * more after it, a read begun before the change is begun again, a page not on screen is
 * marked stale. The event cannot carry the row itself, so there is nothing to merge.
 */
export function refreshRowPage(
  queryClient: QueryClient,
  queryKey: QueryKey,
  version: string,
  versionOf: (data: unknown) => string | undefined,
): Promise<void> {
  const shows = (data: unknown, at: string) => {
    const held = data === undefined ? undefined : versionOf(data);
    return held !== undefined && Date.parse(held) >= Date.parse(at);
  };
  return patchQueries(queryClient, {
    prefix: queryKey,
    exact: true,
    since: version,
    shows: (data) => shows(data, version),
    // A change heard while the page was being read may be in that read already.
    apply: async (key, at) => {
      if (!shows(queryClient.getQueryData(key), at)) {
        await queryClient.refetchQueries({ queryKey: key, exact: true });
      }
      return true;
    },
  });
}

/**
 * Patches the cached pages of a paged list under `prefix` from a change at `since` (the
 * changed row's version) through patchQueries: each page on screen asks its `…/changes`
 * (`ask`) and merges the answer (mergePage) instead of being read again. A page that already
 * shows the change (`shows`) asks nothing; one `local` works out from the event alone asks
 * nothing either (patchQueries). `view` reads a list not cached as a HeldPage (arrayView).
 */
export async function patchPages<T extends { id: number }>(
  queryClient: QueryClient,
  options: {
    prefix: QueryKey;
    since: string;
    ask: (queryKey: QueryKey, since: string) => Promise<PageDelta<T>>;
    shows?: (page: HeldPage<T>) => boolean;
    local?: (page: HeldPage<T>, queryKey: QueryKey) => HeldPage<T> | undefined;
    view?: PageView<T>;
  },
): Promise<void> {
  const { prefix, since, ask, shows, local, view = heldView<T>() } = options;
  await patchQueries(queryClient, {
    prefix,
    since,
    ...(shows && { shows: (data: unknown) => shows(view.read(data)) }),
    ...(local && {
      local: (data: unknown, queryKey: QueryKey) => {
        const page = view.read(data);
        const next = local(page, queryKey);
        if (next === undefined) return undefined;
        return next === page ? data : view.write(next);
      },
    }),
    apply: async (queryKey, from) => {
      const changes = await ask(queryKey, from);
      const data = queryClient.getQueryData(queryKey);
      if (data === undefined) return true;
      const merged = mergePage(view.read(data), changes);
      if (merged === null) return false;
      queryClient.setQueryData(queryKey, view.write(merged));
      return true;
    },
  });
}
