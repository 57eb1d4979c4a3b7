import '@mantine/dates/styles.css';

import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import { MAX_PLANNING_RANGE_DAYS } from '@eproto/domain';

import { addLocalDays, daysBetween, toIsoDate, toLocalDate } from '../gantt/gantt-dates.ts';
import { shiftPeriod } from '../gantt/use-gantt-params.ts';

interface Props {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}

/** Period of the team Gantt: a dd/mm/aaaa range with buttons to move it back and forth. */
export function PeriodPicker({ start, end, onChange }: Props) {
  const move = (dir: -1 | 1) => {
    const next = shiftPeriod(start, end, dir);
    onChange(next.start, next.end);
  };
  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 1 }}>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Tooltip label="Período anterior">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Período anterior"
            onClick={() => move(-1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <DatePickerInput
          type="range"
          label="Período"
          valueFormat="DD/MM/YYYY"
          value={[start, end]}
          onChange={([s, e]) => {
            if (!s || !e) return;
            const tooLong = daysBetween(s, e) > MAX_PLANNING_RANGE_DAYS;
            onChange(
              s,
              tooLong ? toIsoDate(addLocalDays(toLocalDate(s), MAX_PLANNING_RANGE_DAYS)) : e,
            );
          }}
          leftSection={<IconCalendar size={16} />}
          allowSingleDateInRange
          maxLevel="year"
          w={{ base: 230, sm: 250 }}
          popoverProps={{ withinPortal: true }}
          aria-label={`Período (no máximo ${MAX_PLANNING_RANGE_DAYS} dias)`}
        />
        <Tooltip label="Próximo período">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Próximo período"
            onClick={() => move(1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </DatesProvider>
  );
}
