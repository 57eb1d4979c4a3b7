import { countOf } from '@eproto/domain';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAgenda } from '../api/get-agenda.ts';
import { usePeople } from '../../../components/pickers/people.ts';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';
import { mondayOf, weekDays } from '../utils/week.ts';
import { WeekBoard } from './week-board.tsx';

/** Week by person: navigate weeks, filter by contract; a chip opens the entry, "+" plans one. */
export function WeekTab({
  onOpen,
  onCreate,
}: {
  onOpen: (id: number) => void;
  onCreate: (draft: { date: string; pessoaId: number }) => void;
}) {
  const [monday, setMonday] = useState(() => mondayOf(dayjs().format('YYYY-MM-DD')));
  const [contract, setContract] = useState<string | null>(null);
  const days = weekDays(monday);
  const query = useAgenda({
    de: days[0]!,
    ate: days[6]!,
    contract_id: contract ? Number(contract) : undefined,
  });
  const people = usePeople();
  const shift = (weeks: number) => setMonday(dayjs(monday).add(weeks, 'week').format('YYYY-MM-DD'));
  const total = query.data?.items.filter((e) => e.status !== 'cancelado').length ?? 0;
  const conflicts = query.data?.items.filter((e) => e.conflitos.length > 0).length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Semana anterior"
            onClick={() => shift(-1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button
            variant="default"
            // A long period beside it wraps; "Hoje" is never squeezed.
            style={{ flexShrink: 0 }}
            onClick={() => setMonday(mondayOf(dayjs().format('YYYY-MM-DD')))}
          >
            Hoje
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Próxima semana"
            onClick={() => shift(1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={650} ml={4}>
            {dayjs(days[0]).format('DD/MM')} a {dayjs(days[6]).format('DD/MM/YYYY')}
          </Text>
        </Group>
        <ContractSelect
          aria-label="Contrato"
          placeholder="Todos os contratos"
          clearable
          value={contract}
          onChange={setContract}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {countOf(total, 'agendamento', 'agendamentos')} na semana
        {conflicts ? ` · ${conflicts} com conflito de agenda` : ''}
      </Text>
      {query.isPending || people.isPending ? (
        <ListLoading rows={6} height={48} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <WeekBoard
          days={days}
          entries={query.data.items}
          people={people.data ?? []}
          onOpen={onOpen}
          onCreate={onCreate}
        />
      )}
    </Stack>
  );
}
