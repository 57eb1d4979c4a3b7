import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useSearchPatch } from './use-search-patch.ts';

/** URL parameter of the page number of a paged list. */
export const PAGE_PARAM = 'pagina';
/** URL parameter of the search text (also what the global search's links set). */
export const SEARCH_PARAM = 'busca';

type Patch<K extends string> = Partial<Record<K, string | null | undefined>>;

/**
 * The filters of a list page kept in the URL (`?status=ativo&busca=abc&pagina=2`), so a reload,
 * the back button and a shared link show the same list. Other parameters (the open drawer's
 * `?veiculo=`, the tab's `?aba=`) are left alone; changing a filter goes back to page 1.
 *
 * The search box is typed into local state and written to `?busca=` 300 ms after the last key;
 * `search.value` is the URL's trimmed text (what the query should use).
 */
export function useListFilters<K extends string>(keys: readonly K[]) {
  const [params] = useSearchParams();
  const edit = useSearchPatch();
  const urlSearch = params.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(urlSearch);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // What this box last wrote to the URL: its echo must not overwrite keys typed since.
  const written = useRef<string | null>(null);

  const values = useMemo(() => {
    const out = {} as Record<K, string | undefined>;
    for (const k of keys) out[k] = params.get(k) || undefined;
    return out;
    // keys is a literal list per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  // From the URL as it is now, not as this render saw it (lib/use-search-patch.ts).
  const write = useCallback(
    (patch: Record<string, string | null | undefined>, resetPage: boolean) =>
      edit((next) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        if (resetPage) next.delete(PAGE_PARAM);
      }),
    [edit],
  );

  // The typed text reaches the URL once typing pauses.
  useEffect(() => {
    if (debounced === urlSearch.trim()) return;
    written.current = debounced;
    write({ [SEARCH_PARAM]: debounced }, true);
    // only a new debounced text writes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // A link (global search, back button) that changes ?busca= changes the box too; the URL
  // catching up with what was typed (a pause mid-word) does not.
  useEffect(() => {
    const echo = written.current === urlSearch.trim();
    written.current = null;
    if (!echo && urlSearch.trim() !== text.trim()) setText(urlSearch);
    // only a new URL value is followed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlSearch]);

  const page = Math.max(1, Math.trunc(Number(params.get(PAGE_PARAM))) || 1);
  const search = urlSearch.trim();

  return {
    /** Each filter's value, undefined when not set. */
    values,
    /** Sets filters (empty, null or undefined removes one) and goes back to page 1. */
    set: useCallback((patch: Patch<K>) => write(patch, true), [write]),
    search: { text, setText, value: search },
    page,
    setPage: useCallback(
      (p: number) => write({ [PAGE_PARAM]: p > 1 ? String(p) : null }, false),
      [write],
    ),
    /** True when any filter or the search narrows the list (for the empty state's hint). */
    active: search !== '' || keys.some((k) => values[k] !== undefined),
  };
}

export type ListFilters<K extends string> = ReturnType<typeof useListFilters<K>>;
