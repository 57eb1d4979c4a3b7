import { PRIORITY_LABELS, STAGE_LABELS } from '@eproto/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { useContractMurals } from '../api/get-contract-murals.ts';
import { ListLoading } from '../../../components/list-states.tsx';

/** The contract's open demands, nearest due date first, with a link to all of them. */
export function ContractDemandsList({ contractId, total }: { contractId: number; total: number }) {
  const murals = useContractMurals(contractId, true);
  if (murals.isPending) return <ListLoading rows={3} height={28} />;
  if (murals.isError)
    return (
      <Text size="sm" c="red">
        {murals.error.message}
      </Text>
    );
  return (
    <Stack gap={6}>
      {murals.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma demanda em aberto.
        </Text>
      ) : (
        murals.data.map((m) => (
          <Group key={m.id} justify="space-between" gap="xs" wrap="nowrap">
            <Anchor
              component={Link}
              to={`/eproto/murals/${m.id}`}
              size="sm"
              lineClamp={1}
              c="inherit"
            >
              {m.titulo}
            </Anchor>
            <Text
              size="xs"
              c={m.atrasada ? 'red' : 'dimmed'}
              fw={m.atrasada ? 600 : 400}
              style={{ whiteSpace: 'nowrap' }}
            >
              {STAGE_LABELS[m.stage]} · {PRIORITY_LABELS[m.prioridade]}
              {m.fim_previsto ? ` · ${formatDate(m.fim_previsto)}` : ''}
            </Text>
          </Group>
        ))
      )}
      <Anchor component={Link} to={`/eproto/murals?contrato=${contractId}`} size="sm" fw={600}>
        Ver todas as {total} demandas
      </Anchor>
    </Stack>
  );
}
