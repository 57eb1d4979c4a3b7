import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Skeleton rows while a list loads. */
export function ListLoading({ rows = 4, height = 56 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando...">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** Error of a list, with a retry button when there is something to retry. */
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

/** Empty state: icon, title, a hint and what to do about it. */
export function ListEmpty({
  icon,
  title,
  hint,
  action,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <Center py={40}>
      <Stack align="center" gap="xs" maw={400}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon}
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
