import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext, useSearchParams } from 'react-router';

/**
 * Changes some parameters of the URL (`replace`), starting from the URL as it is now.
 *
 * react-router's `setSearchParams((prev) => …)` starts from the parameters this component last
 * rendered with, and the router shows a new URL in a transition: a write made before another
 * write's render has committed undid it. The fleet's search box wrote `?busca=` 300 ms after the
 * last key, from a render that had not yet seen the `?veiculo=` of the row clicked meanwhile, so
 * the drawer never opened (`cost-attribution.spec.ts`, CI 30/11). The router's history knows the
 * URL at once (a browser's, or the memory history of the tests), so each write starts there.
 */
export function useSearchPatch(): (edit: (next: URLSearchParams) => void) => void {
  const [params, setParams] = useSearchParams();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    (edit) =>
      setParams(
        () => {
          const live = (navigator as { location?: { search?: string } }).location?.search;
          const next = new URLSearchParams(live ?? params);
          edit(next);
          return next;
        },
        { replace: true },
      ),
    [navigator, params, setParams],
  );
}
