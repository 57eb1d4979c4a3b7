import { Alert, Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';

export function ListLoading() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando...">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={52} radius="md" />
      ))}
    </Stack>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Erro ao carregar"
    >
      <Text size="sm" mb="sm">
        {message}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Alert>
  );
}

export function ListEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs" maw={360}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconUsers size={24} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}
