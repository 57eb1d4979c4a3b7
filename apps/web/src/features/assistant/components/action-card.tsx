import type { AssistantAction } from '@eproto/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

const STATUS: Record<AssistantAction['status'], { label: string; color: string }> = {
  pendente: { label: 'Aguardando confirmação', color: 'yellow' },
  confirmada: { label: 'Confirmada', color: 'teal' },
  cancelada: { label: 'Cancelada', color: 'gray' },
  falhou: { label: 'Não executada', color: 'red' },
};

const TITLES: Record<AssistantAction['tool'], string> = {
  criar_tarefa: 'Criar tarefa',
  adicionar_mensagem: 'Enviar mensagem na demanda',
};

interface ActionCardProps {
  action: AssistantAction;
  busy: boolean;
  onDecide: (decision: 'confirmar' | 'cancelar') => void;
}

/** What the assistant proposes to do; nothing happens until "Confirmar". */
export function ActionCard({ action, busy, onDecide }: ActionCardProps) {
  const status = STATUS[action.status];
  return (
    <Paper withBorder radius="md" p="sm" maw={520} aria-label={TITLES[action.tool]}>
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {TITLES[action.tool]}
          </Text>
          <Badge color={status.color} variant="light" size="sm">
            {status.label}
          </Badge>
        </Group>
        <Stack gap={4}>
          {action.detalhes.map((d) => (
            <Group key={d.label} gap={6} wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" w={92} style={{ flexShrink: 0 }}>
                {d.label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {d.value}
              </Text>
            </Group>
          ))}
        </Stack>
        {action.status === 'pendente' ? (
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconX size={14} />}
              disabled={busy}
              onClick={() => onDecide('cancelar')}
            >
              Cancelar
            </Button>
            <Button
              color="teal"
              size="xs"
              leftSection={<IconCheck size={14} />}
              loading={busy}
              onClick={() => onDecide('confirmar')}
            >
              Confirmar
            </Button>
          </Group>
        ) : (
          action.status === 'falhou' &&
          action.resultado && (
            <Text size="sm" c="red">
              {action.resultado}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
