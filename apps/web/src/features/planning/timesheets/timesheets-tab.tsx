import {
  addDaysTo,
  can,
  clockHours,
  formatDateBr,
  TIMESHEET_STATUS_LABELS,
  todayIn,
  weekStartOf,
  type TimesheetWeek,
} from '@eproto/domain';
import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { useRemoveTimesheetEntry } from '../api/timesheet-entries.ts';
import { useTimesheetOptions } from '../api/timesheet-options.ts';
import { useTimesheetTeam } from '../api/timesheet-team.ts';
import { useTimesheetWeek } from '../api/timesheet-week.ts';
import { ViewError, ViewLoading } from '../components/view-states.tsx';
import { TimesheetEntries, TimesheetGrid } from './timesheet-grid.tsx';
import { TimesheetEntryForm } from './timesheet-entry-form.tsx';
import { TimesheetExport } from './timesheet-export.tsx';
import { WeekApproval } from './week-approval.tsx';

/**
 * Tab "Horas" of Equipe: the week of hours (OS check-in/out and pauses, manual entries) of the
 * signed-in person, or, for an approver, of one of their people, with Aprovar / Reabrir.
 */
export default function TimesheetsTab() {
  const { user } = useSession();
  const approver = can(subjectOf(user), 'timesheets.approve');
  const today = todayIn();
  const thisWeek = weekStartOf(today);
  const [semana, setSemana] = useState(thisWeek);
  const [pessoa, setPessoa] = useState<number | null>(null);
  const week = useTimesheetWeek(semana, pessoa);
  const team = useTimesheetTeam(semana, approver);
  const options = useTimesheetOptions();
  const remove = useRemoveTimesheetEntry();

  const people = [
    { value: '', label: 'Minhas horas' },
    ...(team.data?.items ?? []).map((i) => ({
      value: String(i.pessoa.id),
      label: `${i.pessoa.nome} · ${clockHours(i.total)} · ${TIMESHEET_STATUS_LABELS[i.status]}`,
    })),
  ];

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Semana anterior"
              onClick={() => setSemana(addDaysTo(semana, -7))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} px="xs" aria-live="polite">
              {formatDateBr(semana).slice(0, 5)} a {formatDateBr(addDaysTo(semana, 6))}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Próxima semana"
              disabled={semana >= thisWeek}
              onClick={() => setSemana(addDaysTo(semana, 7))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          {approver && (
            <Select
              label="Pessoa"
              w={{ base: '100%', xs: 340 }}
              data={people}
              value={pessoa ? String(pessoa) : ''}
              onChange={(v) => setPessoa(v ? Number(v) : null)}
              allowDeselect={false}
              searchable
              nothingFoundMessage="Ninguém encontrado."
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Group>
      </Paper>
      {week.isPending ? (
        <ViewLoading height={260} />
      ) : week.isError ? (
        <ViewError message={week.error.message} onRetry={() => void week.refetch()} />
      ) : (
        <WeekView
          week={week.data}
          onRemove={(id) => remove.mutate(id)}
          removing={remove.isPending}
        />
      )}
      {week.data?.pode_lancar && (
        <TimesheetEntryForm
          key={semana}
          defaultDay={semana === thisWeek ? today : addDaysTo(semana, 4)}
          options={options.data}
        />
      )}
      {week.data && (
        <TimesheetExport
          person={week.data.pessoa}
          contracts={approver ? (options.data?.contratos ?? []) : []}
        />
      )}
    </Stack>
  );
}

function WeekView({
  week,
  onRemove,
  removing,
}: {
  week: TimesheetWeek;
  onRemove: (id: number) => void;
  removing: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div>
            <Title order={3} fz="md">
              {week.pessoa.nome}
            </Title>
            <Text size="sm" c="dimmed">
              Total da semana:{' '}
              <Text span fw={700} c="var(--mantine-color-text)" data-testid="total-semana">
                {clockHours(week.total)} h
              </Text>
            </Text>
          </div>
          <Badge
            size="lg"
            variant="light"
            color={week.status === 'aprovada' ? 'teal' : 'gray'}
            data-testid="status-semana"
          >
            {week.status === 'aprovada' ? 'Semana aprovada' : 'Semana aberta'}
          </Badge>
        </Group>
        <WeekApproval week={week} />
        <TimesheetGrid week={week} />
        <TimesheetEntries week={week} onRemove={onRemove} removing={removing} />
        {week.status === 'aprovada' && (
          <Text size="xs" c="dimmed">
            Semana aprovada: as horas estão travadas. Para corrigir, peça ao coordenador para
            reabri-la.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
