import { PT_TYPE_LABELS, PT_TYPES } from '@eproto/domain';
import { Group, Paper, Select, Stack, Text } from '@mantine/core';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useServiceTypePts, useSetServiceTypePt } from '../api/service-type-pts.ts';

const NONE = 'nenhuma';

/** "Exige PT" of each service type: an OS of a type that requires one needs it to check in. */
export function ServiceTypePtPanel() {
  const query = useServiceTypePts();
  const set = useSetServiceTypePt();
  if (query.isPending) return <ListLoading rows={3} />;
  if (query.isError)
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        O check-in de uma OS cujo tipo exige PT só é aceito com uma PT desse tipo aprovada e válida
        no momento (dentro do turno).
      </Text>
      {query.data.items.map((t) => (
        <Paper key={t.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600} style={{ flex: '1 1 200px' }}>
              {t.nome}
            </Text>
            <Select
              aria-label={`Exige PT: ${t.nome}`}
              allowDeselect={false}
              data={[
                { value: NONE, label: 'Não exige PT' },
                ...PT_TYPES.map((p) => ({ value: p, label: `Exige PT: ${PT_TYPE_LABELS[p]}` })),
              ]}
              value={t.exige_pt ?? NONE}
              onChange={(v) => v && set.mutate({ id: t.id, exige_pt: v === NONE ? null : v })}
              w={{ base: '100%', xs: 260 }}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
