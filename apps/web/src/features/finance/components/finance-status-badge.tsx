import type { FinanceStatus } from '@eproto/domain';
import { FINANCE_STATUS_LABELS } from '@eproto/domain';
import type { MantineSize } from '@mantine/core';
import { Badge } from '@mantine/core';

/** Colour of each finance state (pending in warm colours, done in teal). */
export const FINANCE_STATUS_COLORS: Record<FinanceStatus, string> = {
  enviado: 'orange',
  visualizado: 'blue',
  concluido: 'teal',
};

/** "Enviado", "Visualizado" or "Concluído" as a badge. */
export function FinanceStatusBadge({
  status,
  size = 'sm',
  flexNone,
}: {
  status: FinanceStatus;
  size?: MantineSize;
  /** Never shrink (inside a nowrap row next to long text). */
  flexNone?: boolean;
}) {
  return (
    <Badge
      color={FINANCE_STATUS_COLORS[status]}
      variant="light"
      size={size}
      style={flexNone ? { flex: 'none' } : undefined}
    >
      {FINANCE_STATUS_LABELS[status]}
    </Badge>
  );
}
