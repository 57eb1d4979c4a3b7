import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { AGENDA_STATUS_LABELS } from '@eproto/domain';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { hhmm } from '../utils/week.ts';
import { dayjs } from '../../../lib/dates.ts';

export const STATUS_COLOR: Record<AgendaStatus, string> = {
  agendado: 'blue',
  em_execucao: 'orange',
  concluido: 'teal',
  cancelado: 'gray',
};

export function AgendaStatusBadge({ status }: { status: AgendaStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {AGENDA_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Warning flag of a double booking, listing who or what is booked twice. */
export function ConflictFlag({ entry }: { entry: AgendaEntry }) {
  if (entry.conflitos.length === 0) return null;
  const text = entry.conflitos
    .map((c) =>
      c.tipo === 'manutencao'
        ? `Veículo ${c.nome} em manutenção (${dayjs(c.inicio).format('DD/MM')})`
        : `${c.tipo === 'pessoa' ? c.nome : `Veículo ${c.nome}`} também em outro agendamento (${dayjs(c.inicio).format('DD/MM')} ${hhmm(c.inicio)}–${hhmm(c.fim)})`,
    )
    .join('; ');
  return (
    <HintTooltip label={text} multiline w={280}>
      <Badge
        color="red"
        variant="filled"
        radius="sm"
        leftSection={<IconAlertTriangle size={12} />}
        aria-label={`Conflito de agenda: ${text}`}
      >
        Conflito
      </Badge>
    </HintTooltip>
  );
}
