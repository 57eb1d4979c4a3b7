import { Alert, Button, Group, List, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { outbox } from '../../../lib/offline/outbox.ts';
import { refusalHint } from '../../../lib/offline/refusal-hint.ts';
import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import type { OsPendingView } from '../api/os-pending-view.ts';
import { OS_STEP_WRITE } from '../api/keys.ts';

const hour = (iso: string) => dayjs(iso).format('HH:mm');

interface Refusal {
  message: string;
  status: number;
  items: OutboxItem[];
}

/** Refused steps by the server's reason: an OS cancelled meanwhile refuses them all alike. */
function byReason(items: readonly OutboxItem[]): Refusal[] {
  const groups = new Map<string, Refusal>();
  for (const w of items) {
    const message = w.refusal?.message ?? 'O servidor recusou esta ação.';
    const status = w.refusal?.status ?? 400;
    const key = `${status} ${message}`;
    const g = groups.get(key) ?? { message, status, items: [] };
    g.items.push(w);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** One after the other, in the queue's order. */
async function each(items: readonly OutboxItem[], act: (key: string) => Promise<void>) {
  for (const w of items) await act(w.key);
}

/**
 * What of this OS waits on the phone ("aguardando conexão"), and steps the server refused with
 * its reason and what to do ("Precisa de atenção"), one box per reason.
 */
export function OsPendingSteps({ pending, codigo }: { pending: OsPendingView; codigo: string }) {
  const { waiting, attention } = pending;
  if (waiting.length === 0 && attention.length === 0) return null;
  const groups = byReason(attention);
  return (
    <Stack gap="sm" data-testid="os-pending-steps">
      {groups.map((g) => (
        <Alert
          key={g.items[0]!.key}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`Precisa de atenção (${g.items.length})`}
          data-testid="os-attention-step"
        >
          <Text size="sm" fw={600}>
            {g.message}
          </Text>
          <List size="sm" spacing={2} mt={4}>
            {g.items.map((w) => (
              <List.Item key={w.key}>{w.label}</List.Item>
            ))}
          </List>
          <Text size="xs" mt={6}>
            {refusalHint(g.status, OS_STEP_WRITE)}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="sm"
              variant="light"
              onClick={() => void each(g.items, (k) => outbox.retry(k))}
            >
              Tentar de novo
            </Button>
            <Button
              size="sm"
              variant="subtle"
              color="red"
              onClick={() => void each(g.items, (k) => outbox.discard(k))}
            >
              {g.items.length > 1 ? `Descartar as ${g.items.length}` : 'Descartar'}
            </Button>
          </Group>
        </Alert>
      ))}
      {pending.concluded && (
        <Alert color="teal" variant="light" icon={<IconCloudUpload size={18} />}>
          <Text fw={700}>Concluída — aguardando conexão</Text>
          <Text size="sm">
            A assinatura e tudo o que foi feito ficam guardados no aparelho; {codigo} é selada e o
            relatório sai quando o sinal voltar.
          </Text>
        </Alert>
      )}
      {waiting.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
            <Text fw={600} size="sm">
              Guardado no aparelho ({waiting.length})
            </Text>
            <PendingBadge />
          </Group>
          <Spoiler maxHeight={110} showLabel="Ver tudo" hideLabel="Ver menos">
            <List size="sm" spacing={2}>
              {waiting.map((w) => (
                <List.Item key={w.key}>
                  {hour(w.deviceTime)} · {w.label}
                </List.Item>
              ))}
            </List>
          </Spoiler>
        </Paper>
      )}
    </Stack>
  );
}
