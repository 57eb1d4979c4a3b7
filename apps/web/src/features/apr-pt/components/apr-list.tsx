import { APR_STATUS_LABELS, APR_STATUSES, type AprStatus } from '@eproto/domain';
import { IconClipboardCheck } from '@tabler/icons-react';

import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useAprs } from '../api/get-aprs.ts';
import { AprCard } from './apr-card.tsx';
import { SstList, type SstListProps } from './sst-list.tsx';

const FILTERS = ['situacao'] as const;

/** APRs with filters (situação, busca; in the URL); a card opens the APR. */
export function AprList({ manager, onOpen, onCreate }: SstListProps) {
  const filters = useListFilters(FILTERS);
  const status = (filters.values.situacao as AprStatus | undefined) ?? null;
  const query = useAprs({ status, busca: filters.search.value });
  return (
    <SstList
      noun="APR"
      filters={filters}
      statuses={APR_STATUSES.map((s) => ({ value: s, label: APR_STATUS_LABELS[s] }))}
      create={manager ? { label: 'Nova APR', onClick: onCreate } : null}
      onOpen={onOpen}
      query={query}
      items={query.data?.items}
      empty={{
        icon: <IconClipboardCheck size={24} />,
        title: 'Nenhuma APR encontrada',
        hint: manager
          ? 'Crie uma APR para uma OS: etapas, perigos, controles e EPIs.'
          : 'Quando você estiver na equipe de uma APR, ela aparece aqui.',
      }}
      card={(a) => <AprCard apr={a} />}
    />
  );
}
