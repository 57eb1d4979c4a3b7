import type { InviteStatus } from '@eproto/domain';
import { INVITE_STATUS_LABELS } from '@eproto/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<InviteStatus, string> = {
  pendente: 'blue',
  expirado: 'orange',
  revogado: 'gray',
  aceito: 'teal',
};

export function InviteStatusBadge({ status }: { status: InviteStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} radius="sm">
      {INVITE_STATUS_LABELS[status]}
    </Badge>
  );
}
