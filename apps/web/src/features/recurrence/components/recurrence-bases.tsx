import type { Recurrence } from '@eproto/domain';
import { countOf, describeRecurrence, formatDateBr } from '@eproto/domain';
import { Anchor, Badge, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRepeat } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useRecurrenceBases } from '../api/get-recurrence-bases.ts';
import { ruleOfSeries } from '../utils/rule-of-series.ts';

function BaseRow({ s }: { s: Recurrence }) {
  const active = s.status === 'ativa';
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          {s.current_mural_id ? (
            <Anchor component={Link} to={`/eproto/murals/${s.current_mural_id}`} fw={600} size="sm">
              {s.titulo}
            </Anchor>
          ) : (
            <Text fw={600} size="sm">
              {s.titulo}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {describeRecurrence(ruleOfSeries(s))}
          </Text>
        </Stack>
        <Badge variant="light" color={active ? 'violet' : 'gray'} style={{ flex: 'none' }}>
          {active ? 'Ativa' : 'Encerrada'}
        </Badge>
      </Group>
      <Group gap="md" mt={6}>
        <Text size="xs" c="dimmed">
          {countOf(s.instances_count, 'ocorrência', 'ocorrências')}
        </Text>
        {active && s.proxima_data && (
          <Text size="xs" c="dimmed">
            Próxima: {formatDateBr(s.proxima_data)}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** The recurring series (bases) of a board, with their rule and where they stand. */
export function RecurrenceBasesList({ boardId }: { boardId: number | null }) {
  const bases = useRecurrenceBases(boardId);
  if (bases.isPending) return <ListLoading rows={3} height={64} />;
  if (bases.isError) {
    return <ListError message={bases.error.message} onRetry={() => void bases.refetch()} />;
  }
  if (bases.data.length === 0) {
    return (
      <ListEmpty
        icon={<IconRepeat size={24} />}
        title="Nenhuma demanda recorrente"
        hint='Abra uma demanda e use "Tornar recorrente" na seção Recorrência.'
      />
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {bases.data.map((s) => (
        <BaseRow key={s.id} s={s} />
      ))}
    </Stack>
  );
}

/**
 * The side panel of a board's recurring series, opened by "Recorrentes"
 * (recurrence-bases-button.tsx), which loads it at the first tap: the rule's description brings
 * the domain's recurrence module and zod with it, which the board does not need to paint.
 */
export function RecurrenceBasesDrawer({
  boardId,
  opened,
  onClose,
}: {
  boardId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Text fw={700}>Demandas recorrentes do quadro</Text>}
    >
      {opened && <RecurrenceBasesList boardId={boardId} />}
    </Drawer>
  );
}
