import { aprPeriod, aprPlace, type Apr } from '@eproto/domain';

import { plannedPeriod } from '../../service-orders/utils/os-format.ts';

/** "OS-2026-000123 — Shopping Norte — qua, 26/11 · 08:00 – 12:00": the APR's link, place and date. */
export function aprContext(apr: Pick<Apr, 'local' | 'os' | 'agendamento'>): string {
  const period = aprPeriod(apr);
  return [
    apr.os?.codigo,
    apr.agendamento?.titulo,
    aprPlace(apr),
    period ? plannedPeriod(period.inicio, period.fim) : null,
  ]
    .filter(Boolean)
    .join(' — ');
}
