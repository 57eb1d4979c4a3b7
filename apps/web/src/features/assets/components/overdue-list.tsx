import { formatDateBr, OCCURRENCE_STATE_LABELS, type Occurrence } from '@eproto/domain';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListView, type ListColumn } from '../../../components/list-page.tsx';
import { useOverdue } from '../api/plans.ts';

const osLink = (o: Occurrence) =>
  o.os ? (
    <Anchor component={Link} to={`/tatico/agenda/os/${o.os.id}`} size="sm">
      {o.os.codigo}
    </Anchor>
  ) : (
    '—'
  );

const state = (o: Occurrence) => (
  <Badge variant="light" color={o.estado === 'nao_feita' ? 'gray' : 'red'}>
    {OCCURRENCE_STATE_LABELS[o.estado]}
  </Badge>
);

const columns: ListColumn<Occurrence>[] = [
  {
    header: 'Ativo',
    cell: (o) => (
      <Text fw={600} size="sm" ff="monospace">
        {o.ativo.tag}
      </Text>
    ),
  },
  { header: 'Vencimento', cell: (o) => formatDateBr(o.vencimento), nowrap: true },
  { header: 'Dia da OS', cell: (o) => formatDateBr(o.dia), nowrap: true },
  { header: 'Situação', cell: state },
  { header: 'OS', cell: osLink, nowrap: true },
];

/** The contract's late and skipped due dates (an OS past its end, or cancelled). */
export function OverdueList({ contractId }: { contractId: number }) {
  const query = useOverdue(contractId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Preventivas atrasadas
        {query.data && query.data.total > 0 ? ` (${query.data.total})` : ''}
      </Title>
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(o) => `${o.plano_id}:${o.ativo.id}:${o.vencimento}`}
        columns={columns}
        card={(o) => (
          <Stack gap={4}>
            <Text fw={600} size="sm" ff="monospace">
              {o.ativo.tag}
            </Text>
            <Text size="sm">
              Venceu em {formatDateBr(o.vencimento)} · OS {o.os?.codigo ?? 'não aberta'}
            </Text>
            {state(o)}
          </Stack>
        )}
        testId="overdue-row"
        loadingRows={2}
        empty={{
          icon: <IconCircleCheck size={24} />,
          title: 'Nenhuma preventiva atrasada',
          hint: 'Vencimentos cuja OS passou do fim sem conclusão, ou foi cancelada, aparecem aqui.',
        }}
      />
    </Stack>
  );
}
