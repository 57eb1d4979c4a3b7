import { SST_STATE_LABELS, type SstState } from '@eproto/domain';
import { Badge } from '@mantine/core';

import { formatDate } from '../../../lib/dates.ts';

const COLOR: Record<SstState, string> = {
  valido: 'teal',
  vencendo: 'yellow',
  vencido: 'red',
  ausente: 'gray',
};

/** Coloured state of a validity: "Válido", "Vence em 12 dias", "Vencido", "Ausente". */
export function SstStateBadge({
  estado,
  validade,
  dias,
}: {
  estado: SstState;
  validade?: string | null;
  dias?: number | null;
}) {
  const label =
    estado === 'vencendo' && dias !== null && dias !== undefined
      ? dias === 0
        ? 'Vence hoje'
        : `Vence em ${dias} ${dias === 1 ? 'dia' : 'dias'}`
      : estado === 'vencido' && validade
        ? `Vencido em ${formatDate(validade)}`
        : estado === 'valido' && validade
          ? `Até ${formatDate(validade)}`
          : SST_STATE_LABELS[estado];
  return (
    <Badge
      color={COLOR[estado]}
      variant={estado === 'ausente' ? 'outline' : 'light'}
      size="sm"
      // Never shortened to "A…" / "Vencido em 14/1…": the text beside it wraps instead.
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {label}
    </Badge>
  );
}
