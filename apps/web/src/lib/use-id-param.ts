import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The id of the open drawer kept in the URL (`?veiculo=12`, `?item=3`), so a link — the global
 * search's, a shared one — opens it, also when the page is already on screen.
 */
export function useIdParam(name: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get(name)) || null;
  const set = useCallback(
    (id: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(name, String(id));
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, set];
}
