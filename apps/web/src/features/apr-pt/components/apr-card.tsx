import { aprPeriod, aprPlace, pluralForm, type AprListItem } from '@eproto/domain';
import { Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { formatDate } from '../../../lib/dates.ts';
import { plannedPeriod } from '../../service-orders/utils/os-format.ts';
import { SstCardHead } from './sst-card-head.tsx';
import { AprStatusBadge } from './status-badges.tsx';

/**
 * "Paço Municipal, subsolo · Prefeitura de Sorocaba": the customer is left out when the place
 * already names it ("Hospital São Lucas — bloco B" of "Hospital São Lucas (Campinas/SP)").
 */
function where(a: AprListItem): string {
  const place = aprPlace(a);
  const named = a.cliente?.replace(/\s*\(.*\)\s*$/, '');
  const cliente = named && !place?.includes(named) ? a.cliente : null;
  return [place, cliente].filter(Boolean).join(' · ');
}

/** "OS-2026-000007 — qui, 27/11 · 08:00 – 12:00": what the APR is for and when. */
function when(a: AprListItem): string {
  const period = aprPeriod(a);
  return [a.os?.codigo ?? a.agendamento?.titulo, period && plannedPeriod(period.inicio, period.fim)]
    .filter(Boolean)
    .join(' — ');
}

function Line({ icon, children }: { icon: ReactNode; children: string }) {
  if (!children) return null;
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" c="dimmed" lineClamp={2}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * An APR in the list: activity and situation, then where (place, customer) and when (its OS
 * or agenda entry and planned period), who made it and how many of the team signed.
 */
export function AprCard({ apr }: { apr: AprListItem }) {
  return (
    <>
      <SstCardHead
        title={
          <Text fw={600} size="sm" lineClamp={2}>
            APR nº {apr.id} — {apr.atividade}
          </Text>
        }
        badge={<AprStatusBadge status={apr.status} />}
      />
      <Stack gap={2} mt={4}>
        <Line icon={<IconMapPin size={14} style={{ flexShrink: 0 }} />}>{where(apr)}</Line>
        <Line icon={<IconCalendarEvent size={14} style={{ flexShrink: 0 }} />}>{when(apr)}</Line>
      </Stack>
      <Group justify="space-between" mt={6} gap={6}>
        <Text size="xs" c="dimmed">
          {apr.responsavel.nome}, {formatDate(apr.created_at)}
        </Text>
        <Text size="xs" fw={600} c={apr.assinaturas === apr.equipe_total ? 'teal' : undefined}>
          {apr.assinaturas} de {apr.equipe_total}{' '}
          {pluralForm(apr.equipe_total, 'assinatura', 'assinaturas')}
        </Text>
      </Group>
      {apr.pode_assinar && (
        <Text size="xs" c="orange" fw={600} mt={4}>
          Aguarda a sua assinatura
        </Text>
      )}
    </>
  );
}
