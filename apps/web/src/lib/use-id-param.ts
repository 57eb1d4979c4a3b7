import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { useSearchPatch } from './use-search-patch.ts';

/**
 * The id of the open drawer kept in the URL (`?veiculo=12`, `?item=3`), so a link — the global
 * search's, a shared one — opens it, also when the page is already on screen.
 */
export function useIdParam(name: string): [number | null, (id: number | null) => void] {
  const [params] = useSearchParams();
  const patch = useSearchPatch();
  const value = Number(params.get(name)) || null;
  const set = useCallback(
    (id: number | null) =>
      patch((next) => {
        if (id) next.set(name, String(id));
        else next.delete(name);
      }),
    [name, patch],
  );
  return [value, set];
}
