import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCalendarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder while a planning view loads. */
export function ViewLoading({ height = 360 }: { height?: number | string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando...">
      <Skeleton h={36} radius="md" />
      <Skeleton h={height} radius="md" />
    </Stack>
  );
}

/** Error with a retry button, in Portuguese. */
export function ViewError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Não foi possível carregar"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? 'Tente novamente em instantes.'}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nothing to show. */
export function ViewEmpty({
  title,
  hint,
  icon,
}: {
  title: string;
  hint?: string;
  icon?: ReactNode;
}) {
  return (
    <Center py="xl">
      <Stack gap={6} align="center" maw={420} ta="center">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          {icon ?? <IconCalendarOff size={22} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
