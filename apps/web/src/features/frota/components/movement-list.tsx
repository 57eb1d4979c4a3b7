import type { Movement } from '@eproto/domain';
import { MOVEMENT_TYPE_LABELS } from '@eproto/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';

import { formatDateTime } from '../../../lib/dates.ts';
import { formatInt } from '../utils/format.ts';

const COLOR = { entrada: 'teal', saida: 'orange', transferencia: 'blue', baixa: 'red' } as const;

function describe(m: Movement): string {
  const parts: string[] = [];
  if (m.tipo === 'transferencia') {
    if (m.origem_localizacao !== m.destino_localizacao)
      parts.push(`${m.origem_localizacao ?? '—'} → ${m.destino_localizacao ?? '—'}`);
    if (m.responsavel_anterior?.id !== m.responsavel_novo?.id) {
      parts.push(
        `responsável: ${m.responsavel_anterior?.nome ?? 'ninguém'} → ${m.responsavel_novo?.nome ?? 'ninguém'}`,
      );
    }
  } else if (m.destino_localizacao && m.tipo === 'saida')
    parts.push(`para ${m.destino_localizacao}`);
  if (m.motivo) parts.push(m.motivo);
  return parts.join(' · ');
}

/** Movements with who and when, newest first. */
export function MovementList({
  items,
  showItem = false,
}: {
  items: Movement[];
  showItem?: boolean;
}) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma movimentação.
      </Text>
    );
  return (
    <Stack gap="xs">
      {items.map((m) => (
        <Group key={m.id} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Badge color={COLOR[m.tipo]} variant="light" radius="sm" size="sm">
                {MOVEMENT_TYPE_LABELS[m.tipo]}
              </Badge>
              {showItem && (
                <Text size="sm" fw={500}>
                  {m.item_codigo} · {m.item_nome}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(m.created_at)} · {m.usuario?.nome ?? 'Sistema'}
              {describe(m) ? ` · ${describe(m)}` : ''}
            </Text>
          </div>
          <div style={{ textAlign: 'right', flexShrink: 0 }}>
            <Text
              size="sm"
              fw={600}
              c={m.tipo === 'entrada' ? 'teal' : m.tipo === 'transferencia' ? undefined : 'orange'}
            >
              {m.tipo === 'entrada' ? '+' : m.tipo === 'transferencia' ? '' : '−'}
              {formatInt(m.quantidade)}
            </Text>
            <Text size="xs" c="dimmed">
              saldo {formatInt(m.saldo_apos)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
