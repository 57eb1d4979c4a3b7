import { ENVIO_KINDS, ENVIO_STATES, type EnvioKind, type EnvioState } from '@eproto/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { loadMoreOf } from '../../../components/load-more.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useRetryDelivery } from '../api/retry-delivery.ts';
import { DeliveryCard, deliveryColumns } from './deliveries-list.tsx';

const FILTERS = ['estado', 'tipo'] as const;

const oneOf = <T extends string>(list: readonly T[], v: string | undefined) =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/** Aba "Envios" de /users/activity: e-mails e pushes da fila, com "Reenviar" nos que falharam. */
export function DeliveriesTab() {
  const filters = useListFilters(FILTERS);
  const estado = oneOf<EnvioState>(ENVIO_STATES, filters.values.estado);
  const tipo = oneOf<EnvioKind>(ENVIO_KINDS, filters.values.tipo);
  const query = useDeliveries({ estado, tipo });
  const items = query.data?.pages.flatMap((p) => p.items);
  const retry = useRetryDelivery();
  const retryProps = {
    onRetry: retry.mutate,
    retrying: retry.isPending ? retry.variables.id : null,
  };

  return (
    <Stack gap="md">
      <FilterBar>
        <SegmentedControl
          aria-label="Situação"
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'na_fila', label: 'Na fila' },
            { value: 'enviado', label: 'Enviados' },
            { value: 'falhou', label: 'Falharam' },
          ]}
          value={estado ?? 'todos'}
          onChange={(v) => filters.set({ estado: v === 'todos' ? null : v })}
        />
        <SegmentedControl
          aria-label="Tipo"
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'email', label: 'E-mails' },
            { value: 'push', label: 'Pushes' },
          ]}
          value={tipo ?? 'todos'}
          onChange={(v) => filters.set({ tipo: v === 'todos' ? null : v })}
        />
      </FilterBar>
      <ListView
        // A failed "Carregar mais" keeps the rows shown (LoadMore shows that error).
        query={{ ...query, isError: query.isError && !query.isFetchNextPageError }}
        items={items}
        rowKey={(e) => e.id}
        columns={deliveryColumns(retryProps)}
        card={(e) => <DeliveryCard e={e} {...retryProps} />}
        minWidth={1000}
        compact
        loadingRows={8}
        testId="envio"
        empty={{
          icon: <IconSend size={24} />,
          title: filters.active
            ? 'Nenhum envio encontrado para estes filtros.'
            : 'Nenhum e-mail ou push na fila ainda.',
        }}
        more={loadMoreOf(query, items?.length ?? 0, ['envio', 'envios'])}
      />
    </Stack>
  );
}
