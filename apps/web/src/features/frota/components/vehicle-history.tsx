import type { Checkout, FuelLog, KmCorrection, Maintenance } from '@eproto/domain';
import {
  FUEL_TYPE_LABELS,
  KM_READING_LABELS,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_TYPE_LABELS,
  maintenanceDueState,
} from '@eproto/domain';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';

import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { formatDecimal, formatKm, formatMoney } from '../utils/format.ts';
import { today } from './fleet-badges.tsx';

const MAINT_COLOR = { agendada: 'blue', em_andamento: 'orange', concluida: 'teal' } as const;

/** Maintenance records, newest first, with start and finish actions. */
export function MaintenanceList({
  items,
  odometer,
  onStart,
  onFinish,
  busy,
}: {
  items: Maintenance[];
  odometer: number;
  onStart: (id: number) => void;
  onFinish: (id: number) => void;
  busy: boolean;
}) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma manutenção registrada.
      </Text>
    );
  return (
    <Stack gap="xs">
      {items.map((m) => {
        const due =
          m.status !== 'concluida' && m.tipo === 'preventiva'
            ? maintenanceDueState(m, today(), odometer)
            : null;
        return (
          <Card key={m.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6}>
                <Badge
                  variant="light"
                  color={m.tipo === 'preventiva' ? 'indigo' : 'grape'}
                  radius="sm"
                >
                  {MAINTENANCE_TYPE_LABELS[m.tipo]}
                </Badge>
                <Badge variant="light" color={MAINT_COLOR[m.status]} radius="sm">
                  {MAINTENANCE_STATUS_LABELS[m.status]}
                </Badge>
                {due && (
                  <Badge variant="filled" color={due === 'vencido' ? 'red' : 'yellow'} radius="sm">
                    {due === 'vencido' ? 'Vencida' : 'Próxima'}
                  </Badge>
                )}
              </Group>
              {m.status === 'agendada' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onStart(m.id)}
                  loading={busy}
                >
                  Iniciar
                </Button>
              )}
              {m.status !== 'concluida' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="teal"
                  onClick={() => onFinish(m.id)}
                >
                  Concluir
                </Button>
              )}
            </Group>
            <Text size="sm" fw={500} mt={6}>
              {m.descricao}
            </Text>
            <Text size="xs" c="dimmed">
              {m.status === 'concluida'
                ? `Realizada em ${formatDate(m.realizada_data)} aos ${formatKm(m.realizada_km ?? 0)}`
                : [
                    m.prevista_data && `Prevista para ${formatDate(m.prevista_data)}`,
                    m.prevista_km !== null && `aos ${formatKm(m.prevista_km)}`,
                  ]
                    .filter(Boolean)
                    .join(' ou ') || 'Sem previsão'}
              {m.fornecedor ? ` · ${m.fornecedor}` : ''}
              {m.custo !== null ? ` · ${formatMoney(m.custo)}` : ''}
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Fuel log. */
export function FuelList({ items }: { items: FuelLog[] }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum abastecimento registrado.
      </Text>
    );
  return (
    <Stack gap="xs">
      {items.map((f) => (
        <Group key={f.id} justify="space-between" wrap="nowrap" gap="xs">
          <div>
            <Text size="sm" fw={500}>
              {formatDate(f.data)} · {FUEL_TYPE_LABELS[f.combustivel]}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDecimal(f.litros)} L · {formatKm(f.km)}
              {f.posto ? ` · ${f.posto}` : ''}
            </Text>
          </div>
          <Text size="sm" fw={600}>
            {formatMoney(f.valor_total)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Km corrections, newest first: which reading, from what to what, who and why. */
export function KmCorrectionList({ items }: { items: KmCorrection[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" aria-label="Correções de km">
      <Text size="sm" fw={600}>
        Correções de km
      </Text>
      {items.map((k) => (
        <Card key={k.id} withBorder radius="md" padding="xs">
          <Text size="sm" fw={500}>
            {KM_READING_LABELS[k.leitura]}: {formatKm(k.km_anterior)} → {formatKm(k.km_corrigido)}
          </Text>
          <Text size="xs" c="dimmed">
            {k.motivo} · {k.created_by?.nome ?? 'Usuário removido'} em{' '}
            {formatDateTime(k.created_at)}
            {k.odometro_novo !== k.odometro_anterior
              ? ` · odômetro ${formatKm(k.odometro_anterior)} → ${formatKm(k.odometro_novo)}`
              : ''}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** Check-out history: who took the vehicle, when, from which km to which km. */
export function CheckoutList({
  items,
  corrected = new Set(),
}: {
  items: Checkout[];
  /** Check-outs with a corrected km (shown with a badge; the history says from what). */
  corrected?: ReadonlySet<number>;
}) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum uso registrado.
      </Text>
    );
  return (
    <Stack gap="xs">
      {items.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {c.condutor.nome}
              </Text>
              {corrected.has(c.id) && (
                <Badge color="grape" variant="light" radius="sm">
                  Km corrigido
                </Badge>
              )}
              {c.km_alto_confirmado && (
                <Badge color="yellow" variant="light" radius="sm">
                  Km alto confirmado
                </Badge>
              )}
            </Group>
            {c.retorno_em ? (
              <Text size="xs" c="dimmed">
                {formatKm((c.km_retorno ?? c.km_saida) - c.km_saida)} rodados
              </Text>
            ) : (
              <Badge color="blue" variant="light" radius="sm">
                Em uso
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Saída {formatDateTime(c.saida_em)} ({formatKm(c.km_saida)})
            {c.retorno_em
              ? ` · Retorno ${formatDateTime(c.retorno_em)} (${formatKm(c.km_retorno ?? 0)})`
              : ''}
            {c.destino ? ` · ${c.destino}` : ''}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
