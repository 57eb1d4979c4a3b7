import type { OsStatus } from '@eproto/domain';
import { OS_STATUS_LABELS } from '@eproto/domain';
import { Badge } from '@mantine/core';

export const OS_STATUS_COLOR: Record<OsStatus, string> = {
  aberta: 'blue',
  em_deslocamento: 'violet',
  em_execucao: 'orange',
  pausada: 'yellow',
  concluida: 'teal',
  cancelada: 'gray',
};

export function OsStatusBadge({
  status,
  size = 'md',
}: {
  status: OsStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={OS_STATUS_COLOR[status]}
      variant="light"
      radius="sm"
      size={size}
      style={{ flexShrink: 0 }}
      data-testid="os-status"
    >
      {OS_STATUS_LABELS[status]}
    </Badge>
  );
}

export function LateBadge() {
  return (
    <Badge color="red" variant="filled" radius="sm" style={{ flexShrink: 0 }}>
      Atrasada
    </Badge>
  );
}
