import { APR_STATUS_LABELS, APR_STATUSES, pluralForm, type AprStatus } from '@eproto/domain';
import { Group, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';

import { formatDate } from '../../../lib/dates.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useAprs } from '../api/get-aprs.ts';
import { SstCardHead, SstList, type SstListProps } from './sst-list.tsx';
import { AprStatusBadge } from './status-badges.tsx';

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
      card={(a) => (
        <>
          <SstCardHead
            title={
              <Text fw={600} size="sm" lineClamp={2}>
                APR nº {a.id} — {a.atividade}
              </Text>
            }
            badge={<AprStatusBadge status={a.status} />}
          />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {[a.os?.codigo, a.agendamento?.titulo, a.local].filter(Boolean).join(' — ')}
          </Text>
          <Group justify="space-between" mt={6}>
            <Text size="xs" c="dimmed">
              {a.responsavel.nome}, {formatDate(a.created_at)}
            </Text>
            <Text size="xs" fw={600} c={a.assinaturas === a.equipe_total ? 'teal' : undefined}>
              {a.assinaturas} de {a.equipe_total}{' '}
              {pluralForm(a.equipe_total, 'assinatura', 'assinaturas')}
            </Text>
          </Group>
          {a.pode_assinar && (
            <Text size="xs" c="orange" fw={600} mt={4}>
              Aguarda a sua assinatura
            </Text>
          )}
        </>
      )}
    />
  );
}
