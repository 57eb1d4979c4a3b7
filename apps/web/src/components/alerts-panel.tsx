import type { FieldAlert } from '@eproto/domain';
import { Alert, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

/** On a phone at most this many show before "Ver todos": five filled the first screen. */
const PHONE_LIMIT = 2;

/**
 * Today's alerts of an area (frota, inventário, EPI), collapsed to the first few with "Ver todos"
 * (two on a phone, so the area's tabs stay on the first screen); red when one is overdue. Each can open its object, and may start with a short kind ("CA:").
 */
export function AlertsPanel({
  alerts,
  title,
  onOpen,
  kindLabel,
  limit = 4,
}: {
  alerts: FieldAlert[];
  title: string;
  onOpen?: (alert: FieldAlert) => void;
  /** A word naming the kind of alert, written in bold before its text. */
  kindLabel?: (alert: FieldAlert) => string;
  /** How many show before "Ver todos". */
  limit?: number;
}) {
  const [all, setAll] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (alerts.length === 0) return null;
  const max = phone ? Math.min(limit, PHONE_LIMIT) : limit;
  const shown = all ? alerts : alerts.slice(0, max);
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
              <Text size="sm">
                {kindLabel && <b>{kindLabel(a)}: </b>}
                {a.texto}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
      {alerts.length > max && (
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
