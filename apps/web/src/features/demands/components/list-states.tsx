import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function ListLoading({ rows = 5, height = 52 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando...">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Erro ao carregar"
    >
      <Text size="sm" mb={onRetry ? 'sm' : 0}>
        {message}
      </Text>
      {onRetry && (
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
    </Alert>
  );
}

export function ListEmpty({
  title,
  hint,
  icon,
  action,
}: {
  title: string;
  hint?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Center py={40}>
      <Stack align="center" gap="xs" maw={380}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon ?? <IconClipboardList size={24} />}
        </ThemeIcon>
        <Text fw={600} ta="center">
          {title}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
