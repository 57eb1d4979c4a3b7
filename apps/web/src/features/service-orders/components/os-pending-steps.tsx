import { Alert, Button, Group, List, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { outbox } from '../../../lib/offline/outbox.ts';
import { refusalHint } from '../../../lib/offline/refusal-hint.ts';
import type { OsPendingView } from '../api/os-pending.ts';

const hour = (iso: string) => dayjs(iso).format('HH:mm');

/**
 * What of this OS waits on the phone ("aguardando conexão"), and steps the server refused with
 * its reason and what to do ("Precisa de atenção").
 */
export function OsPendingSteps({ pending, codigo }: { pending: OsPendingView; codigo: string }) {
  const { waiting, attention } = pending;
  if (waiting.length === 0 && attention.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="os-pending-steps">
      {attention.map((w) => (
        <Alert
          key={w.key}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`Precisa de atenção: ${w.label}`}
          data-testid="os-attention-step"
        >
          <Text size="sm" fw={600}>
            {w.refusal?.message ?? 'O servidor recusou esta ação.'}
          </Text>
          <Text size="xs" mt={4}>
            {refusalHint(w.refusal?.status ?? 400)}
          </Text>
          <Group gap="xs" mt="xs">
            <Button size="sm" variant="light" onClick={() => void outbox.retry(w.key)}>
              Tentar de novo
            </Button>
            <Button
              size="sm"
              variant="subtle"
              color="red"
              onClick={() => void outbox.discard(w.key)}
            >
              Descartar
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
