import type { DueState, VehicleStatus } from '@eproto/domain';
import { dueState, FLEET_WARN_DAYS, VEHICLE_STATUS_LABELS } from '@eproto/domain';
import { Badge, Text, Tooltip } from '@mantine/core';

import { dayjs, formatDate } from '../../../lib/dates.ts';

const STATUS_COLORS: Record<VehicleStatus, string> = {
  disponivel: 'teal',
  em_uso: 'blue',
  manutencao: 'orange',
  inativo: 'gray',
};

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {VEHICLE_STATUS_LABELS[status]}
    </Badge>
  );
}

export const today = () => dayjs().format('YYYY-MM-DD');

const DUE_COLOR: Record<Exclude<DueState, null>, string> = { vencido: 'red', proximo: 'yellow' };

/** A document due date, red once expired and yellow in the last 30 days (inactive vehicles never warn). */
export function DueDate({
  date,
  label,
  inactive = false,
}: {
  date: string | null;
  label: string;
  inactive?: boolean;
}) {
  if (!date)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const state = inactive ? null : dueState(date, today(), FLEET_WARN_DAYS);
  const text = formatDate(date);
  if (!state) return <Text size="sm">{text}</Text>;
  return (
    <Tooltip label={`${label} ${state === 'vencido' ? 'vencido' : 'vence em breve'}`}>
      <Badge color={DUE_COLOR[state]} variant="light" radius="sm">
        {text}
      </Badge>
    </Tooltip>
  );
}
