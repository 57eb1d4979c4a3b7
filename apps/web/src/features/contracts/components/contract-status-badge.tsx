import type { ContractStatus } from '@eproto/domain';
import { CONTRACT_STATUS_LABELS } from '@eproto/domain';
import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';

const COLORS: Record<ContractStatus, string> = {
  ativo: 'teal',
  suspenso: 'yellow',
  encerrado: 'gray',
};

export function ContractStatusBadge({ status, ...props }: { status: ContractStatus } & BadgeProps) {
  return (
    <Badge color={COLORS[status]} variant="light" miw="max-content" {...props}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}
