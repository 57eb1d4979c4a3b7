import { countOf } from '@eproto/domain';
import { Alert, Button, Drawer, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconDatabase } from '@tabler/icons-react';

import { formatBytes } from '../../lib/format-bytes.ts';
import { outbox } from '../../lib/offline/outbox.ts';
import { pendingRows } from '../../lib/offline/outbox-groups.ts';
import type { OutboxItem } from '../../lib/offline/outbox-types.ts';
import { refusalHint } from '../../lib/offline/refusal-hint.ts';
import { STORAGE_WARN_RATIO, useStorageUsage } from '../../lib/offline/storage-usage.ts';
import { PendingGroup, PendingItem, when } from './pending-rows.tsx';

function AttentionItem({ item }: { item: OutboxItem }) {
  const status = item.refusal?.status ?? 400;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-attention-item">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.label}
      </Text>
      <Text size="xs" c="dimmed">
        {when(item)}
      </Text>
      <Alert color="red" variant="light" mt="xs" p="xs" icon={<IconAlertTriangle size={16} />}>
        <Text size="sm" fw={600}>
          {item.refusal?.message ?? 'O servidor recusou esta ação.'}
        </Text>
        <Text size="xs" mt={4}>
          {refusalHint(status, item.kind)}
        </Text>
      </Alert>
      <Group gap="xs" mt="xs" grow>
        <Button size="sm" variant="light" onClick={() => void outbox.retry(item.key)}>
          Tentar de novo
        </Button>
        <Button
          size="sm"
          variant="subtle"
          color="red"
          onClick={() => void outbox.discard(item.key)}
        >
          Descartar
        </Button>
      </Group>
    </Paper>
  );
}

function StorageLine({ refreshKey }: { refreshKey: number }) {
  const usage = useStorageUsage(refreshKey);
  if (!usage || usage.quota <= 0) return null;
  const ratio = usage.usage / usage.quota;
  return (
    <Stack gap={4} mt="md">
      <Group gap={6} c="dimmed">
        <IconDatabase size={14} />
        <Text size="xs">
          Espaço usado no aparelho: {formatBytes(usage.usage)} de {formatBytes(usage.quota)}
          {usage.persisted ? ' · armazenamento persistente' : ''}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, ratio * 100)}
        size="sm"
        color={ratio >= STORAGE_WARN_RATIO ? 'red' : 'blue'}
      />
      {ratio >= STORAGE_WARN_RATIO && (
        <Alert color="red" variant="light" p="xs">
          O espaço do aparelho está quase no fim. Conecte-se para enviar as pendências e evite tirar
          mais fotos até lá.
        </Alert>
      )}
    </Stack>
  );
}

/** "Pendentes (N)": what waits for the signal, and "Precisa de atenção" for refused writes. */
export function PendingPanel({
  items,
  opened,
  onClose,
}: {
  items: OutboxItem[];
  opened: boolean;
  onClose: () => void;
}) {
  const attention = items.filter((i) => i.state === 'attention');
  const waiting = items.filter((i) => i.state !== 'attention');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <div>
          <Text fw={700}>Pendentes ({items.length})</Text>
          <Text size="xs" c="dimmed">
            {countOf(items.length, 'ação guardada', 'ações guardadas')} no aparelho; cada foto e
            cada resposta conta uma.
          </Text>
        </div>
      }
      closeButtonProps={{ 'aria-label': 'Fechar pendentes' }}
    >
      <Stack gap="lg">
        {attention.length > 0 && (
          <Stack gap="xs" aria-label="Precisa de atenção" role="region">
            <Group gap={6}>
              <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
              <Text fw={700} size="sm">
                Precisa de atenção ({attention.length})
              </Text>
            </Group>
            {attention.map((i) => (
              <AttentionItem key={i.key} item={i} />
            ))}
          </Stack>
        )}
        <Stack gap="xs" aria-label="Aguardando envio" role="region">
          <Group gap={6}>
            <IconCloudUpload size={16} />
            <Text fw={700} size="sm">
              Aguardando envio ({waiting.length})
            </Text>
          </Group>
          {waiting.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nada esperando: tudo o que você fez já chegou ao servidor.
            </Text>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                Enviadas na ordem em que foram feitas, com o horário do aparelho, assim que houver
                sinal.
              </Text>
              {pendingRows(waiting).map((row) =>
                row.type === 'item' ? (
                  <PendingItem key={row.item.key} item={row.item} />
                ) : (
                  <PendingGroup key={row.id} title={row.title} items={row.items} />
                ),
              )}
            </>
          )}
        </Stack>
        <StorageLine refreshKey={items.length} />
      </Stack>
    </Drawer>
  );
}
