import { PT_TYPE_LABELS, ptCovers } from '@eproto/domain';
import { AppError } from '../../lib/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { createAprPtRepo } from './apr-pt.repo.ts';

const time = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

/**
 * Start of work on an OS whose service type requires a PT (its check-in, or the start of its
 * agenda entry): refused (409) unless a PT of that kind on this OS is approved and its shift
 * covers the moment of the start (the phone's time). Reached through the access seam
 * (modules/sst/work-gates.ts), never called by the OS or the agenda directly.
 */
export async function ptCheckInGate(
  deps: Pick<ServiceDeps, 'config'>,
  {
    tx,
    serviceOrderId,
    serviceTypeId,
    at: when,
  }: {
    tx: DbOrTx;
    serviceOrderId: number;
    serviceTypeId: number;
    at: Date;
  },
) {
  const r = createAprPtRepo(tx);
  const tipo = await r.requiredPt(serviceTypeId);
  if (!tipo) return;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const pts = await r.ptsOfOs(serviceOrderId, tipo);
  const label = PT_TYPE_LABELS[tipo].toLowerCase();
  const span = (p: { inicio: Date; fim: Date }) =>
    `${time(p.inicio, tz)} às ${time(p.fim, tz).slice(-5)}`;
  const iso = (p: { inicio: Date; fim: Date }) => ({
    inicio: p.inicio.toISOString(),
    fim: p.fim.toISOString(),
  });
  if (pts.some((p) => p.status === 'aprovada' && ptCovers(iso(p), when))) return;
  const approved = pts.find((p) => p.status === 'aprovada');
  const pending = pts.find((p) => p.status === 'emitida' && ptCovers(iso(p), when));
  const reason = approved
    ? `a PT nº ${approved.id} vale só no turno de ${span(approved)}`
    : pending
      ? `a PT nº ${pending.id} ainda aguarda aprovação`
      : `não há PT de ${label} aprovada para esta OS`;
  throw new AppError(
    'CONFLICT',
    `Check-in bloqueado: esta OS exige permissão de trabalho (${label}) aprovada e válida agora; ${reason}.`,
  );
}
