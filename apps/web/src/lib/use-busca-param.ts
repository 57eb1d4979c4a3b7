import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `?busca=` of a link (the global search opens lists this way): its value on arrival, and
 * `onChange` runs again when a new link changes it while the page is on screen.
 */
export function useBuscaParam(onChange: (text: string) => void): string | null {
  const [params] = useSearchParams();
  const busca = params.get('busca');
  useEffect(() => {
    if (busca !== null) onChange(busca);
    // onChange is a state setter wrapper; only a new ?busca= should run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busca]);
  return busca;
}
