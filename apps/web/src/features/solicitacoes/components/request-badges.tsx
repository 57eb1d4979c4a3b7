import type { RequestStatus, RequestUrgency } from '@eproto/domain';
import { REQUEST_STATUS_LABELS, REQUEST_URGENCY_LABELS } from '@eproto/domain';
import { Badge } from '@mantine/core';

export const STATUS_COLOR: Record<RequestStatus, string> = {
  aberta: 'blue',
  em_analise: 'yellow',
  aprovada: 'teal',
  recusada: 'red',
  atendida: 'gray',
};

const URGENCY_COLOR: Record<RequestUrgency, string> = {
  baixa: 'gray',
  media: 'blue',
  alta: 'orange',
  urgente: 'red',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

export function UrgencyBadge({ urgencia }: { urgencia: RequestUrgency }) {
  return (
    <Badge
      color={URGENCY_COLOR[urgencia]}
      variant={urgencia === 'urgente' ? 'filled' : 'outline'}
      radius="sm"
      size="sm"
    >
      {REQUEST_URGENCY_LABELS[urgencia]}
    </Badge>
  );
}
