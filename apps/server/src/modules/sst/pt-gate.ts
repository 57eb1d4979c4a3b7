import { PT_TYPE_LABELS, ptCovers } from '@eproto/domain';
import { AppError } from '../../lib/errors.ts';
import { OS_CHECK_IN_GUARDS, type OsGuard } from '../service-orders/service-order-guards.ts';
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
 * Check-in of an OS whose service type requires a PT: refused (409) unless a PT of that kind on
 * this OS is approved and its shift covers the moment of the check-in (the phone's time).
 */
export const ptCheckInGuard: OsGuard = async ({ deps, tx, os, at }) => {
  const r = createAprPtRepo(tx);
  const tipo = await r.requiredPt(os.serviceTypeId);
  if (!tipo) return;
  const when = at ?? new Date();
  const tz = deps.config.COMPANY_TIME_ZONE;
  const pts = await r.ptsOfOs(os.id, tipo);
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
};

let registered = false;
/** Plugs the PT gate into the OS check-in seam once per process. */
export function registerPtGate() {
  if (registered) return;
  registered = true;
  OS_CHECK_IN_GUARDS.push(ptCheckInGuard);
}
