import type { FieldAlert } from '@eproto/domain';
import { Alert, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

/** Today's alerts of a list, collapsed to the first few; each can open its object. */
export function AlertsPanel({
  alerts,
  title,
  onOpen,
}: {
  alerts: FieldAlert[];
  title: string;
  onOpen?: (alert: FieldAlert) => void;
}) {
  const [all, setAll] = useState(false);
  if (alerts.length === 0) return null;
  const shown = all ? alerts : alerts.slice(0, 4);
  const expired = alerts.filter((a) => a.severity === 'vencido').length;
  return (
    <Alert
      color={expired ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={
        <Group gap="xs">
          <Text fw={700} size="sm">
            {title}
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
            {onOpen ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="inherit"
                onClick={() => onOpen(a)}
                ta="left"
              >
                {a.texto}
              </Anchor>
            ) : (
              <Text size="sm">{a.texto}</Text>
            )}
          </Group>
        ))}
      </Stack>
      {alerts.length > 4 && (
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
