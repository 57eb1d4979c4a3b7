import type { DayOff, NonWorkingSource } from '@eproto/domain';
import { can, DAY_OFF_KIND_LABELS } from '@eproto/domain';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { dayjs, formatDate } from '../../../lib/dates.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { useSession } from '../../../lib/session.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useDaysOff, useDeleteDayOff } from '../api/days-off.ts';
import { useNonWorkingDaysOfYear } from '../api/get-non-working-days.ts';
import { ViewEmpty, ViewError, ViewLoading } from '../components/view-states.tsx';
import { DayOffForm } from './day-off-form.tsx';
import { contractOption } from '../../../components/pickers/contract-label.ts';

const ORIGIN_LABELS: Record<NonWorkingSource, string> = {
  nacional: 'Nacional',
  estadual: 'Estadual',
  municipal: 'Municipal',
  ...DAY_OFF_KIND_LABELS,
};
const ORIGIN_COLORS: Record<NonWorkingSource, string> = {
  nacional: 'grape',
  estadual: 'violet',
  municipal: 'indigo',
  folga: 'teal',
  ferias_coletivas: 'teal',
  feriado_local: 'indigo',
};

const period = (d: Pick<DayOff, 'inicio' | 'fim'>) =>
  d.inicio === d.fim ? formatDate(d.inicio) : `${formatDate(d.inicio)} a ${formatDate(d.fim)}`;

const weekday = (iso: string) => dayjs(iso).format('ddd');

/** The company's days off, newest first; ti and diretoria remove them. */
function CompanyDaysOff({ manage }: { manage: boolean }) {
  const list = useDaysOff();
  const remove = useDeleteDayOff();
  if (list.isPending) return <ViewLoading height={120} />;
  if (list.isError) {
    return <ViewError message={list.error.message} onRetry={() => void list.refetch()} />;
  }
  if (list.data.length === 0) {
    return (
      <ViewEmpty
        title="Nenhuma folga cadastrada"
        hint={
          manage
            ? 'Cadastre acima as folgas, férias coletivas e feriados locais da empresa.'
            : 'A TI e a diretoria cadastram as folgas e férias coletivas da empresa.'
        }
      />
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.map((d) => (
        <Group
          key={d.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {d.nome}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {period(d)}
              </Text>
              <Badge size="xs" variant="light" color={ORIGIN_COLORS[d.tipo]}>
                {DAY_OFF_KIND_LABELS[d.tipo]}
              </Badge>
              <Text size="xs" c="dimmed">
                {d.contrato_nome ?? 'Todos os contratos'}
              </Text>
            </Group>
          </Stack>
          {manage && (
            <Tooltip label="Remover">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remover ${d.nome}`}
                loading={remove.isPending && remove.variables.id === d.id}
                onClick={() => remove.mutate(d)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** Every day off of a year in one place's calendar (holidays and the company's days off). */
function YearHolidays() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [contrato, setContrato] = useState<string | null>(null);
  const contracts = useContractAccess();
  const query = useNonWorkingDaysOfYear(year, contrato ? Number(contrato) : null);
  const options = [
    { value: '', label: 'Brasil (feriados nacionais)' },
    ...(contracts.data?.contracts ?? []).map(contractOption),
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Ano anterior"
            onClick={() => setYear((y) => y - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} fz="md" aria-live="polite">
            Feriados e folgas de {year}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Próximo ano"
            onClick={() => setYear((y) => y + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        <Select
          label="Calendário de"
          size="sm"
          w={{ base: '100%', xs: 320 }}
          data={options}
          value={contrato ?? ''}
          onChange={(v) => setContrato(v || null)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {query.isPending ? (
        <ViewLoading height={240} />
      ) : query.isError ? (
        <ViewError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {query.data.local}: {query.data.dias.length} dias sem expediente além dos fins de
            semana.
          </Text>
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing={0}
            verticalSpacing={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {query.data.dias.map((d) => (
              <Group
                key={`${d.data}-${d.origem}`}
                component="li"
                gap="sm"
                wrap="nowrap"
                py={6}
                px={4}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text size="sm" fw={600} w={118} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {formatDate(d.data)}
                  <Text span size="xs" c="dimmed" ml={6}>
                    {weekday(d.data)}
                  </Text>
                </Text>
                <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {d.nome}
                </Text>
                <Badge size="xs" variant="light" color={ORIGIN_COLORS[d.origem]}>
                  {ORIGIN_LABELS[d.origem]}
                </Badge>
              </Group>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/**
 * "Folgas e feriados" of /eproto/calendar: the year's holidays of a place and the company's
 * days off; ti and diretoria (calendar.manage) add and remove days off here.
 */
export default function DaysOffTab() {
  const { user } = useSession();
  const manage = can(subjectOf(user), 'calendar.manage');
  return (
    <Stack gap="lg">
      {manage && <DayOffForm />}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            Folgas e férias da empresa
          </Title>
          <CompanyDaysOff manage={manage} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <YearHolidays />
      </Paper>
    </Stack>
  );
}
