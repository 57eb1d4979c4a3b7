import { Text } from '@mantine/core';
import { useCallback, useState } from 'react';

type FoldState = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * A phone's filters folded under "Filtros", whose pickers are a chunk of their own fetched at
 * the first tap (issue 33): `load` asks for it (again after a failure), `ready` says the
 * pickers may mount. Demandas and the kanban share it.
 */
export function useFoldedFilters(preload: () => Promise<unknown>) {
  const [state, setState] = useState<FoldState>('idle');
  const load = useCallback(() => {
    setState((s) => (s === 'ready' ? s : 'loading'));
    preload().then(
      () => setState('ready'),
      () => setState((s) => (s === 'ready' ? s : 'failed')),
    );
  }, [preload]);
  return { ready: state === 'ready', failed: state === 'failed', load };
}

/** What an open fold shows while its pickers download, or when they could not. */
export function FoldPending({ failed }: { failed: boolean }) {
  return (
    <Text size="sm" c="dimmed" mt="sm" role="status">
      {failed
        ? 'Não foi possível carregar os filtros. Toque em “Filtros” de novo.'
        : 'Carregando filtros…'}
    </Text>
  );
}
