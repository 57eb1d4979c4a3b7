import type { Priority, TicketStatus } from '@eproto/domain';
import { PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@eproto/domain';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<TicketStatus, string> = {
  aberto: 'blue',
  em_atendimento: 'yellow',
  resolvido: 'teal',
};

const PRIORITY_COLORS: Record<Priority, string> = {
  baixa: 'gray',
  media: 'blue',
  alta: 'orange',
  urgente: 'red',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm">
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PriorityBadge({ prioridade }: { prioridade: Priority }) {
  return (
    <Badge variant="dot" color={PRIORITY_COLORS[prioridade]} radius="sm">
      {PRIORITY_LABELS[prioridade]}
    </Badge>
  );
}
