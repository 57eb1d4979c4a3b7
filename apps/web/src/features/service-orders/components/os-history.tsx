import type { OsDetail, OsEvent } from '@eproto/domain';
import { formatCoordinates, formatDistance, OS_EVENT_LABELS, OS_NO_POSITION } from '@eproto/domain';
import { Text, Timeline } from '@mantine/core';

import { formatDateTime } from '../../../lib/dates.ts';

const STATUS_STEPS = new Set([
  'a_caminho',
  'check_in',
  'pausada',
  'retomada',
  'concluida',
  'cancelada',
]);

function place(e: OsEvent): string | null {
  if (!STATUS_STEPS.has(e.tipo)) return null;
  if (e.latitude === null || e.longitude === null) return OS_NO_POSITION;
  const acc = e.precisao_m !== null ? ` (±${Math.round(e.precisao_m)} m)` : '';
  const dist = e.distancia_m !== null ? ` · ${formatDistance(e.distancia_m)} do local` : '';
  return `${formatCoordinates({ latitude: e.latitude, longitude: e.longitude })}${acc}${dist}`;
}

/** Every step with who, when (phone time when it differs) and where. */
export function OsHistory({ os }: { os: OsDetail }) {
  const events = [...os.historico].reverse();
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="os-history">
      {events.map((e) => {
        const where = place(e);
        const phoneTime =
          e.device_time && Math.abs(Date.parse(e.device_time) - Date.parse(e.em)) > 60_000
            ? ` (no aparelho: ${formatDateTime(e.device_time)})`
            : '';
        return (
          <Timeline.Item key={e.id} title={OS_EVENT_LABELS[e.tipo]}>
            <Text size="xs" c="dimmed">
              {e.autor?.nome ?? 'Sistema'} · {formatDateTime(e.em)}
              {phoneTime}
            </Text>
            {e.texto && <Text size="sm">{e.texto}</Text>}
            {e.motivo && <Text size="sm">Motivo: {e.motivo}</Text>}
            {where && (
              <Text size="xs" c="dimmed">
                {where}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
