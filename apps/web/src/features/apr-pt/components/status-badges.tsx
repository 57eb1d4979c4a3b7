import {
  APR_STATUS_LABELS,
  PT_STATUS_LABELS,
  PT_TYPE_LABELS,
  type AprStatus,
  type PtStatus,
  type PtType,
} from '@eproto/domain';
import { Badge } from '@mantine/core';

const APR_COLOR: Record<AprStatus, string> = {
  rascunho: 'gray',
  em_assinatura: 'yellow',
  assinada: 'teal',
};

const PT_COLOR: Record<PtStatus, string> = {
  emitida: 'yellow',
  aprovada: 'teal',
  encerrada: 'blue',
  recusada: 'red',
  expirada: 'gray',
};

/** Situação of an APR as a coloured badge. */
export function AprStatusBadge({ status }: { status: AprStatus }) {
  return (
    <Badge color={APR_COLOR[status]} variant="light">
      {APR_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Situação of a PT; "Vigente agora" when approved and inside its shift. */
export function PtStatusBadge({ status, vigente }: { status: PtStatus; vigente?: boolean }) {
  return (
    <Badge color={PT_COLOR[status]} variant={vigente ? 'filled' : 'light'}>
      {vigente ? 'Aprovada — vigente agora' : PT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Kind of a PT (altura, espaço confinado, eletricidade). */
export function PtTypeBadge({ tipo }: { tipo: PtType }) {
  return (
    <Badge color="grape" variant="outline">
      {PT_TYPE_LABELS[tipo]}
    </Badge>
  );
}
