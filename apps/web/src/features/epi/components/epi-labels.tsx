import type { DeliveryStatus, EpiItem } from '@eproto/domain';
import { DELIVERY_STATUS_LABELS, formatDateBr } from '@eproto/domain';
import { Badge } from '@mantine/core';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { PlainBadge } from '../../../components/plain-badge.tsx';
import { dayjs } from '../../../lib/dates.ts';

export const today = () => dayjs().format('YYYY-MM-DD');

const STATUS_COLOR: Record<DeliveryStatus, string> = {
  pendente: 'yellow',
  confirmada: 'teal',
  devolvida: 'gray',
};

const STATUS_SHORT: Record<DeliveryStatus, string> = {
  pendente: 'A confirmar',
  confirmada: 'Confirmada',
  devolvida: 'Devolvida',
};

/** Short status badge; the full text is in its tooltip. Plain markup: one per delivery row. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <HintTooltip label={DELIVERY_STATUS_LABELS[status]}>
      <PlainBadge color={STATUS_COLOR[status]}>{STATUS_SHORT[status]}</PlainBadge>
    </HintTooltip>
  );
}

/** CA number with its situation (expired red, expiring yellow). */
export function CaBadge({
  item,
}: {
  item: Pick<EpiItem, 'ca_numero' | 'ca_validade' | 'ca_situacao'>;
}) {
  const color =
    item.ca_situacao === 'vencido' ? 'red' : item.ca_situacao === 'vencendo' ? 'yellow' : 'gray';
  const label =
    item.ca_situacao === 'vencido'
      ? `CA vencido em ${formatDateBr(item.ca_validade)}`
      : item.ca_situacao === 'vencendo'
        ? `CA vence em ${formatDateBr(item.ca_validade)}`
        : `CA válido até ${formatDateBr(item.ca_validade)}`;
  return (
    <HintTooltip label={label}>
      <Badge
        color={color}
        variant={item.ca_situacao === 'valido' ? 'outline' : 'light'}
        radius="sm"
      >
        CA {item.ca_numero}
      </Badge>
    </HintTooltip>
  );
}
