import type { FieldAlert } from '@eproto/domain';
import { Alert, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

const KIND_LABEL: Record<string, string> = {
  ca_epi: 'CA',
  estoque_epi: 'Estoque',
  troca_epi: 'Troca',
};

/** EPI alerts of today (CA, stock, replacement), the first few and a "ver todos". */
export function AlertsList({ alerts }: { alerts: FieldAlert[] }) {
  const [all, setAll] = useState(false);
  if (alerts.length === 0) return null;
  const shown = all ? alerts : alerts.slice(0, 5);
  const expired = alerts.some((a) => a.severity === 'vencido');
  return (
    <Alert
      color={expired ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={
        <Group gap="xs">
          <Text fw={700} size="sm">
            Alertas de EPI
          </Text>
          <Badge size="sm" color={expired ? 'red' : 'yellow'} variant="filled">
            {alerts.length}
          </Badge>
        </Group>
      }
    >
      <Stack gap={4}>
        {shown.map((a) => (
          <Group key={a.key} gap={8} wrap="nowrap" align="flex-start">
            <Box
              w={6}
              h={6}
              mt={7}
              style={{ borderRadius: 3, flexShrink: 0, background: 'currentColor' }}
            />
            <Text size="sm">
              <b>{KIND_LABEL[a.kind] ?? 'Aviso'}:</b> {a.texto}
            </Text>
          </Group>
        ))}
      </Stack>
      {alerts.length > 5 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          mt={6}
          c="inherit"
          fw={600}
          underline="always"
          onClick={() => setAll((v) => !v)}
        >
          {all ? 'Mostrar menos' : `Ver todos os ${alerts.length} alertas`}
        </Anchor>
      )}
    </Alert>
  );
}
